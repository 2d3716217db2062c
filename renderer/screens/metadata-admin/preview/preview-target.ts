import type { Route } from '../../../../engine/metadata/app-schema.js';

/** What a preview shows: a route's screen, a form or a grid (the screen's query: route=, form=, grid=). */
export type PreviewTarget = { kind: 'route'; id: string } | { kind: 'form'; id: number } | { kind: 'grid'; id: string };

/** The target named by the query (route first), or null. */
export function targetOf(params: URLSearchParams): PreviewTarget | null {
  const route = params.get('route');
  if (route) return { kind: 'route', id: route };
  const form = Number(params.get('form'));
  if (params.get('form') && Number.isInteger(form) && form > 0) return { kind: 'form', id: form };
  const grid = params.get('grid');
  return grid ? { kind: 'grid', id: grid } : null;
}

export type PreviewKind = PreviewTarget['kind'];
const KINDS: readonly PreviewKind[] = ['route', 'form', 'grid'];

/** The kind of target the query names (its key may be empty while nothing is chosen); route by default. */
export function kindOf(params: URLSearchParams): PreviewKind {
  return KINDS.find((k) => params.has(k)) ?? 'route';
}

/** The query of a preview: the kind's key with the chosen target (or empty), role, and tenant unless empty. */
export function previewQuery(kind: PreviewKind, value: string, role: string, tenant: string): Record<string, string> {
  return { [kind]: value, role, ...(tenant ? { tenant } : {}) };
}

/** Routes a preview offers: those with a screen, not the sign-in pages. */
export function previewableRoutes(routes: readonly Route[], shown: ReadonlySet<string>): Route[] {
  return routes.filter((r) => shown.has(r.id) && !r.hideOnAuth && r.id !== 'login').sort((a, b) => (a.displayName ?? a.id).localeCompare(b.displayName ?? b.id));
}
