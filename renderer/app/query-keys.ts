/**
 * The keys of the browser's cached server state: each starts with what a hub event or a write
 * names, so one prefix invalidates everything it concerns (renderer/app/live-invalidation.ts).
 */
export const queryKeys = {
  /** every grid read of an entity type: ['grid', entityTypeId, gridId, 'summary' | 'page', request] */
  gridsOf: (entityTypeId: number) => ['grid', entityTypeId] as const,
  gridSummary: (entityTypeId: number, gridId: string, request: unknown) => ['grid', entityTypeId, gridId, 'summary', request] as const,
  gridPage: (entityTypeId: number, gridId: string, request: unknown) => ['grid', entityTypeId, gridId, 'page', request] as const,
  /** up to 100 rows of a grid for a dropdown or a check (renderer/screens/training/training-api.ts) */
  gridRows: (entityTypeId: number, formId: number, filters: unknown) => ['grid', entityTypeId, `rows:${formId}`, 'rows', filters] as const,
  /** the unread count of the header badge */
  unread: (kind: 'message' | 'notification') => ['unread', kind] as const,
  /** the lists of an inbox: ['inbox', 'messages' | 'notifications', ...] */
  inbox: (source: 'messages' | 'notifications') => ['inbox', source] as const,
  dashboardWork: ['dashboard', 'work'] as const,
} as const;

/** The grid id of a grid query's key (null for any other key). */
export function gridIdOfKey(key: readonly unknown[]): string | null {
  return key[0] === 'grid' && typeof key[2] === 'string' ? key[2] : null;
}
