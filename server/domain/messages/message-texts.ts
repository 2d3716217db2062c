import type { AppContext } from '../../app-context.js';

/** A text of metadata/texts/messages.json (tenant overlays apply), with {placeholders} filled. */
export function messageText(ctx: AppContext, key: string, values: Record<string, string | number> = {}): string {
  const text = ctx.registry.texts[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
