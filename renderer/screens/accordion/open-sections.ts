import type { Accordion } from '../../../engine/metadata/app-schema.js';

/** The sections open on arrival: the one the query parameter names, else those the metadata opens. */
export function initiallyOpen(screen: Accordion, asked: string | null): Set<string> {
  const named = screen.sections.find((s) => s.id === asked);
  if (named) return new Set([named.id]);
  const open = screen.sections.filter((s) => s.open).map((s) => s.id);
  return new Set(screen.oneOpen ? open.slice(0, 1) : open);
}
