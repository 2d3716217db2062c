/** Inline row action slots of a grid row (spec part 2 sections 2 and 9). Pure: no I/O, no React. */

/** At most this many inline action slots per row. */
export const MAX_INLINE_ACTION_SLOTS = 3;

/** Which standard row actions apply to a row (from canView, canEdit, canDisable, canDelete). */
export interface StandardActions {
  view: boolean;
  edit: boolean;
  disable: boolean;
  delete: boolean;
}

/** Inline slots left for a grid's extra actions: 3, minus one per applying standard action, never below 0. */
export function inlineActionSlots(applies: StandardActions): number {
  const used = [applies.view, applies.edit, applies.disable, applies.delete].filter(Boolean).length;
  return Math.max(0, MAX_INLINE_ACTION_SLOTS - used);
}

/** Extra actions in order: the first `slots` inline, the rest in the overflow menu. */
export function splitActions<T>(extra: readonly T[], slots: number): { inline: T[]; overflow: T[] } {
  const n = Math.max(0, Math.floor(slots));
  return { inline: extra.slice(0, n), overflow: extra.slice(n) };
}
