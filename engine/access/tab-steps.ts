import type { Route } from '../metadata/app-schema.js';

/**
 * Where a person is in their first profile (spec part 1 section 4): 'first-time' until the
 * personal profile is saved, then 'welcome' (the welcome modal is due) and 'next-step' (it was
 * closed) until they continue from the second tab.
 */
export type FirstProfileStep = 'first-time' | 'welcome' | 'next-step' | null;

/** The tabs shown: only the first during the first-time hold, the first two while the flow goes on. */
export function visibleTabs<T extends Pick<Route, 'id'>>(tabs: readonly T[], step: FirstProfileStep): T[] {
  if (step === 'first-time') return tabs.slice(0, 1);
  if (step === 'welcome' || step === 'next-step') return tabs.slice(0, 2);
  return [...tabs];
}

export type ContinueTarget = { kind: 'tab' | 'route'; routeId: string } | null;

/**
 * Where a tab's Continue button goes: its continueTo route ('' for no button), else the next
 * of all the tabs the person may see (hidden ones included: continuing is how they appear).
 */
export function continueTarget(tabs: readonly Pick<Route, 'id' | 'continueTo'>[], currentId: string): ContinueTarget {
  const i = tabs.findIndex((t) => t.id === currentId);
  if (i < 0) return null;
  const to = tabs[i]!.continueTo;
  if (to !== undefined) return to === '' ? null : { kind: 'route', routeId: to };
  const next = tabs[i + 1];
  return next ? { kind: 'tab', routeId: next.id } : null;
}

/** The step after continuing from a tab: the flow ends once the person continues from its second tab. */
export function stepAfterContinue<S extends FirstProfileStep>(tabs: readonly Pick<Route, 'id'>[], currentId: string, step: S): S | null {
  if (step !== 'welcome' && step !== 'next-step') return step;
  return tabs.findIndex((t) => t.id === currentId) >= 1 ? null : step;
}
