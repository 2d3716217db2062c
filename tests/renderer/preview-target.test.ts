import { describe, expect, it } from 'vitest';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';
import type { Grid } from '../../engine/metadata/grid-schema.js';
import type { Route } from '../../engine/metadata/app-schema.js';
import { previewUser, withGrid } from '../../renderer/screens/metadata-admin/preview/preview-metadata.js';
import { kindOf, previewableRoutes, previewQuery, targetOf } from '../../renderer/screens/metadata-admin/preview/preview-target.js';

/** The preview screen's query and the metadata and person it renders with. */
describe('preview as a role: query, metadata, person', () => {
  it('reads the target from the query, route first', () => {
    expect(targetOf(new URLSearchParams('route=profile-education&role=100'))).toEqual({ kind: 'route', id: 'profile-education' });
    expect(targetOf(new URLSearchParams('form=2'))).toEqual({ kind: 'form', id: 2 });
    expect(targetOf(new URLSearchParams('form=x'))).toBeNull();
    expect(targetOf(new URLSearchParams('grid=education'))).toEqual({ kind: 'grid', id: 'education' });
    expect(targetOf(new URLSearchParams('grid='))).toBeNull();
    expect(kindOf(new URLSearchParams('grid='))).toBe('grid');
    expect(kindOf(new URLSearchParams('role=100'))).toBe('route');
  });

  it('writes the query back, the tenant only when named', () => {
    expect(previewQuery('route', 'profile-education', '100', '')).toEqual({ route: 'profile-education', role: '100' });
    expect(previewQuery('form', '', '200', 'al')).toEqual({ form: '', role: '200', tenant: 'al' });
  });

  it('offers routes with a screen, not the signed-out ones', () => {
    const routes = [
      { id: 'login', path: 'login' }, { id: 'register', path: 'register', hideOnAuth: true },
      { id: 'b', path: 'b', displayName: 'Beta' }, { id: 'a', path: 'a', displayName: 'Alpha' }, { id: 'c', path: 'c' },
    ] as Route[];
    expect(previewableRoutes(routes, new Set(['login', 'register', 'a', 'b'])).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('puts the edited grid in place of the published one, or adds it', () => {
    const grid = (id: string, pageSize: number) => ({ id, pageSize }) as Grid;
    const m = { grids: [grid('education', 5), grid('training', 5)] } as ClientMetadata;
    expect(withGrid(m, grid('education', 25)).grids).toEqual([grid('education', 25), grid('training', 5)]);
    expect(withGrid(m, grid('new', 10)).grids.map((g) => g.id)).toEqual(['education', 'training', 'new']);
    expect(m.grids[0]!.pageSize).toBe(5);
  });

  it('previews as the chosen role alone, with its claims and the administrator id', () => {
    expect(previewUser(7, { id: '400', label: 'Manager', claims: ['User.read.all'] }, '400')).toEqual({ id: 7, roles: ['400'], activeRole: '400', claims: ['User.read.all'] });
    expect(previewUser(7, undefined, '999')).toEqual({ id: 7, roles: ['999'], activeRole: '999', claims: [] });
  });
});
