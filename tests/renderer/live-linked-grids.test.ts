import { describe, expect, it } from 'vitest';
import { gridTypesOfRoute, linkedRouteOf } from '../../renderer/app/live-invalidation.js';
import { listTenants, loadRegistry } from '../../server/metadata/load-metadata.js';

/**
 * A notification heard live reads again the grids of the screen its button opens: a coaching
 * request reaches the professional's Coaching screen, a declined one the coach's Manage Connections.
 */
describe('the grids a notification concerns', () => {
  it('reads the route a notification links to from its stored route object', () => {
    expect(linkedRouteOf({ route: JSON.stringify({ name: 'my-coaching' }) })).toBe('my-coaching');
    expect(linkedRouteOf({ route: JSON.stringify({ name: 'manage-connections', params: { open: 'pending' } }) })).toBe('manage-connections');
    for (const payload of [null, 3, {}, { route: null }, { route: 'not json' }, { route: '{"name": 3}' }]) expect(linkedRouteOf(payload)).toBeNull();
  });

  it.each(listTenants(process.cwd()).filter((t) => t !== 'al'))('names the record types of the grids on the coaching screens (%s)', (tenant) => {
    const { registry } = loadRegistry(process.cwd(), tenant);
    const routes = registry!.routes;
    const typeOf = (gridId: string) => registry!.grids.get(gridId)?.entityTypeId;
    expect(gridTypesOfRoute(routes, typeOf, 'my-coaching')).toEqual([21]);
    // Manage Connections: the people search (its panel's grid, entity 1) and Pending Requests (21)
    expect(gridTypesOfRoute(routes, typeOf, 'manage-connections').sort()).toEqual([1, 21]);
    expect(gridTypesOfRoute(routes, typeOf, 'dashboard-main')).toEqual([]);
    expect(gridTypesOfRoute(routes, typeOf, 'no-such-route')).toEqual([]);
  });
});
