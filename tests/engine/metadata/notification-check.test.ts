import { describe, expect, it } from 'vitest';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import { addFile, compileWith } from './metadata-fixture.js';

/** The notification kinds (metadata/notifications.json): validation, reference checks, tenant overlay. */

const PATH = 'metadata/notifications.json';
const kind = { id: 'role-requested', subject: 'app.title', body: 'app.title', linkText: 'app.title', route: { name: 'profile-education' }, email: true };
const file = (data: unknown, path = PATH, layer: MetadataFile['layer'] = 'base'): MetadataFile => ({ path, kind: 'notification', layer, data });

describe('notification metadata', () => {
  it('compiles into the registry by kind; a tenant overlay switches the e-mail off', () => {
    const base = compileWith('zz', addFile(file([kind])));
    expect(base.problems).toEqual([]);
    expect(base.registry!.notifications.get('role-requested')).toEqual(kind);
    const over = compileWith('zz', addFile(file([kind])), addFile(file([{ id: 'role-requested', email: false }], 'tenants/zz/notifications.json', 'tenant')));
    expect(over.problems).toEqual([]);
    expect(over.registry!.notifications.get('role-requested')).toEqual({ ...kind, email: false });
  });

  it.each([
    ['a missing text', { subject: 'no.such.text' }, '/0/subject', "text key 'no.such.text' is missing from the catalogue"],
    ['a missing route', { route: { name: 'nowhere' } }, '/0/route/name', "notification links to missing route 'nowhere'"],
    ['a link text without a route', { route: undefined }, '/0/linkText', 'a link text needs a route for its button'],
  ])('reports %s', (_name, change, pointer, message) => {
    const { registry, problems } = compileWith('zz', addFile(file([{ ...kind, ...change }])));
    expect(registry).toBeNull();
    expect(problems).toContainEqual({ file: PATH, pointer, message });
  });

  it('reports an unknown kind, a missing e-mail switch and a duplicate kind', () => {
    const noEmail: Record<string, unknown> = { ...kind };
    delete noEmail.email;
    expect(compileWith('zz', addFile(file([{ ...kind, id: 'birthday' }]))).problems.map((p) => p.pointer)).toContain('/0/id');
    expect(compileWith('zz', addFile(file([noEmail]))).problems.map((p) => p.pointer)).toContain('/0');
    expect(compileWith('zz', addFile(file([kind, kind]))).problems).toContainEqual({ file: PATH, pointer: '/1/id', message: "duplicate notification kind 'role-requested'" });
  });
});
