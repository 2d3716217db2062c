import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Route } from '../../engine/metadata/app-schema.js';
import { onLiveEvent, onLiveReconnected, type LiveEventName } from './live-hub.js';
import { gridIdOfKey, queryKeys } from './query-keys.js';

/** A row of a grid page as cached (renderer/components/data-grid/use-grid-data.ts). */
type CachedRow = Record<string, unknown>;

/** The grid of the role requests (the Requests screen), reloaded when a request it shows or a new one is heard of. */
const ROLE_REQUEST_GRID = 'role-requests';

/**
 * Whether a RolePromotionActionReceived changes the rows shown (spec part 3 section 7: "the grid
 * reloads if a row matches the employment record id"); a new request (status Requested) is a row
 * the grid does not hold yet, so it reloads too (docs/decisions.md, issue 12).
 */
export function requestTouchesRows(payload: unknown, rows: readonly CachedRow[]): boolean {
  if (payload === null || typeof payload !== 'object') return false;
  const { employmentRecordId, status } = payload as { employmentRecordId?: unknown; status?: unknown };
  if (status === 'Requested') return true;
  return typeof employmentRecordId === 'number' && rows.some((r) => r.employmentRecordId === employmentRecordId);
}

/** The route a notification's button opens (its stored route object's name), or null. */
export function linkedRouteOf(payload: unknown): string | null {
  const route = payload !== null && typeof payload === 'object' ? (payload as { route?: unknown }).route : null;
  if (typeof route !== 'string') return null;
  try {
    const parsed = JSON.parse(route) as { name?: unknown } | null;
    return typeof parsed?.name === 'string' ? parsed.name : null;
  } catch {
    return null;
  }
}

/** The record types whose grids a route's screen shows (a grid screen, an accordion's grid sections, a choose-then-list's list). */
export function gridTypesOfRoute(routes: readonly Route[], gridType: (gridId: string) => number | undefined, routeId: string): number[] {
  const screen = routes.find((r) => r.id === routeId)?.screen;
  const ids = screen?.kind === 'grid' ? [screen.gridId]
    : screen?.kind === 'accordion' ? screen.sections.flatMap((s) => ('gridId' in s.content ? [s.content.gridId] : typeof s.content.params?.gridId === 'string' ? [s.content.params.gridId] : []))
    : screen?.kind === 'choose-then-list' && 'gridId' in screen.list ? [screen.list.gridId] : [];
  return [...new Set(ids.map(gridType).filter((t): t is number => t !== undefined))];
}

const rowsOf = (data: unknown): CachedRow[] => (data !== null && typeof data === 'object' && Array.isArray((data as { gridData?: unknown }).gridData) ? (data as { gridData: CachedRow[] }).gridData : []);

/** What each hub event makes out of date (the counts it carries are set, not asked for again). */
const INVALIDATES: Record<LiveEventName, readonly QueryKey[]> = {
  MessageCountChange: [queryKeys.dashboardWork],
  MessageReceived: [queryKeys.inbox('messages')],
  NotificationCountChange: [queryKeys.dashboardWork],
  NotificationReceived: [queryKeys.inbox('notifications')],
  RolePromotionActionReceived: [queryKeys.dashboardWork],
};

/** The hub's count events carry the new unread count. */
const COUNT_OF: Partial<Record<LiveEventName, 'message' | 'notification'>> = { MessageCountChange: 'message', NotificationCountChange: 'notification' };

/**
 * The one place hub events become invalidations of the cached server state (a notification's also
 * the grids of the screen it links to, `linkedGridTypes`); after a reconnection
 * (events may have been missed) everything the hub keeps current is asked for again.
 */
export function invalidateOnLiveEvents(client: QueryClient, signedIn: number, linkedGridTypes: (routeId: string) => readonly number[] = () => []): () => void {
  const stops = (Object.keys(INVALIDATES) as LiveEventName[]).map((event) => onLiveEvent(event, (userId, payload) => {
    const kind = COUNT_OF[event];
    // a count pushed by the hub is newer than a load under way: that load is cancelled
    if (kind && userId === signedIn && typeof payload === 'number') {
      void client.cancelQueries({ queryKey: queryKeys.unread(kind) }).then(() => client.setQueryData(queryKeys.unread(kind), payload));
    }
    for (const queryKey of INVALIDATES[event]) void client.invalidateQueries({ queryKey });
    if (event === 'RolePromotionActionReceived') void invalidateRoleRequests(client, payload);
    // a notification tells the person something changed: the grids of the screen it links to read again (a coaching request reaches the person's Coaching screen)
    const linked = event === 'NotificationReceived' && userId === signedIn ? linkedRouteOf(payload) : null;
    if (linked) for (const t of linkedGridTypes(linked)) void client.invalidateQueries({ queryKey: queryKeys.gridsOf(t) });
  }));
  stops.push(onLiveReconnected(() => {
    for (const queryKey of [queryKeys.unread('message'), queryKeys.unread('notification'), ['inbox'], queryKeys.dashboardWork]) void client.invalidateQueries({ queryKey });
  }));
  return () => { for (const stop of stops) stop(); };
}

function invalidateRoleRequests(client: QueryClient, payload: unknown): Promise<void> {
  const ofGrid = (key: readonly unknown[]) => gridIdOfKey(key) === ROLE_REQUEST_GRID;
  const touched = client.getQueryCache().findAll({ queryKey: ['grid'], type: 'active', predicate: (q) => ofGrid(q.queryKey) && q.queryKey[3] === 'page' })
    .some((q) => requestTouchesRows(payload, rowsOf(q.state.data)));
  return touched ? client.invalidateQueries({ queryKey: ['grid'], predicate: (q) => ofGrid(q.queryKey) }) : Promise.resolve();
}
