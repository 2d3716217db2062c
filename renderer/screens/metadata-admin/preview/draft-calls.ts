/**
 * The calls a preview sends with the draft header (the server runs them on the caller's drafts):
 * reads only. GET calls, and the few POST calls that only read (a grid's rows and summary, a form's
 * definition, its pre-submission checks and lookups), because the data grid and the form ask that way.
 * Never the administration calls (/admin/*: they work on the published registry), never sign-in,
 * the session heartbeat or a role switch (tokens come from the published roles), never the
 * application's own /metadata (the shell keeps the published metadata while a preview shows).
 */
const READING_POSTS: ReadonlySet<string> = new Set([
  '/grid', '/grid/summary',
  '/form', '/form/presubmissionvalidation', '/form/autocomplete', '/form/entitycrossreference', '/form/entitycrossreferenceproperty',
]);
const NEVER = /^\/(admin\/|auth\/|session|userorganizationroles\/|metadata(\?|\/|$))/;

/** True when a call of this method to this API path (after /api) carries the draft header. */
export function draftHeaderApplies(method: string, path: string): boolean {
  if (NEVER.test(path)) return false;
  if (method === 'GET') return true;
  return method === 'POST' && READING_POSTS.has(path.split('?')[0]!);
}
