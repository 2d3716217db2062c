import { describe, expect, it } from 'vitest';
import { compileMetadata } from '../../../engine/metadata/compile.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import { addFile, basicFiles, compileWith, mapData, patch, removeFile } from './metadata-fixture.js';

function registryOf(tenant: string): Registry {
  const { registry, problems } = compileWith(tenant);
  expect(problems).toEqual([]);
  if (!registry) throw new Error('no registry');
  return registry;
}

describe('compileMetadata', () => {
  it('builds maps by id for a tenant with no overlays (a new tenant is just a folder with tenant.json)', () => {
    const r = registryOf('zz');
    expect(r.tenant.code).toBe('zz');
    expect([...r.entities.keys()].sort()).toEqual([1, 4]);
    expect([...r.forms.keys()].sort()).toEqual([1, 2]);
    expect([...r.grids.keys()].sort()).toEqual(['education', 'education-all']);
    expect(r.routes.map((x) => x.id)).toEqual(['home', 'dashboard', 'profile', 'profile-education', 'director', 'manage-users']);
    expect([...r.roles.keys()]).toEqual(['100', '200', '400', 'AdminUser']);
    expect(r.texts).toEqual({ 'app.title': 'Registry', 'grid.noData': 'No Data to Display', 'extra.hello': 'Hello' });
    expect(r.elements.get(206)?.form.id).toBe(2);
    expect(r.elements.get(101)?.element.stimulus).toBe('First Name');
  });

  it('overlays tenant aa: a form matched by id (file named differently), roles, routes and texts', () => {
    const r = registryOf('aa');
    const form = r.forms.get(2)!;
    expect(form.elements.map((e) => e.id)).toEqual([201, 202, 203, 204, 205, 207]);
    expect(form.elements.find((e) => e.id === 203)?.stimulus).toBe('Field of Study');
    expect(form.elements.find((e) => e.id === 203)?.field).toBe('major');
    expect(r.elements.has(206)).toBe(false);
    expect(r.elements.get(207)?.form.id).toBe(2);
    expect(r.roles.has('200')).toBe(false);
    expect(r.routes.map((x) => x.id)).not.toContain('director');
    expect(r.routes.find((x) => x.id === 'profile')?.roles).toEqual(['100', '400']);
    expect(r.texts['app.title']).toBe('AA Registry');
    expect(r.texts['extra.hello']).toBe('Hello');
  });

  it('overlays tenant bb: removes a whole grid document and appends an entity field', () => {
    const r = registryOf('bb');
    expect(r.grids.has('education-all')).toBe(false);
    expect(r.entities.get(4)?.fields.map((f) => f.id).at(-1)).toBe('minor');
  });

  it("gives the tenant a time zone: its own, else America/Chicago; an unknown zone is a problem", () => {
    expect(registryOf('zz').tenant.timeZone).toBe('America/Chicago');
    const own = compileWith('zz', patch('tenants/zz/tenant.json', { timeZone: 'America/Denver' }));
    expect(own.registry?.tenant.timeZone).toBe('America/Denver');
    const bad = compileWith('zz', patch('tenants/zz/tenant.json', { timeZone: 'Mars/Olympus' }));
    expect(bad.problems).toEqual([{ file: 'tenants/zz/tenant.json', pointer: '/timeZone', message: "'Mars/Olympus' is not an IANA time zone (e.g. America/Chicago)" }]);
  });

  it('never lets $remove into the registry', () => {
    const r = registryOf('aa');
    expect(JSON.stringify([...r.forms.values(), r.routes, [...r.roles.values()]])).not.toContain('$remove');
  });

  it('is deterministic whatever the file order', () => {
    const files = basicFiles('aa');
    const a = compileMetadata(files, 'aa');
    const b = compileMetadata([...files].reverse(), 'aa');
    expect(b).toEqual(a);
  });

  it('points a problem coming from a tenant overlay at the tenant file, with the pointer inside that file', () => {
    const { problems } = compileWith('aa', patch('tenants/aa/forms/education-tweaks.json', { elements: [{ id: 203, field: 'majr' }] }));
    expect(problems).toEqual([{ file: 'tenants/aa/forms/education-tweaks.json', pointer: '/elements/0/field', message: "element names missing field 'majr' of entity 4 (Education)" }]);
  });

  it('points a schema problem of a tenant file at that file', () => {
    // the tenant file lists 203, 206 ($remove) and 207: the pointer counts the file's own items
    const { problems } = compileWith('aa', mapData('tenants/aa/forms/education-tweaks.json', (d) => {
      const doc = d as { elements: Array<Record<string, unknown>> };
      doc.elements[2]!.type = 'textbox';
      return doc;
    }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'tenants/aa/forms/education-tweaks.json', pointer: '/elements/2/type' });
    expect(problems[0]!.message).toMatch(/^unknown element type 'textbox'; expected one of text, checkbox, dropdown, /);
  });

  it('keeps pointing base entries at the base file when a tenant changed other parts', () => {
    const { problems } = compileWith('aa', patch('metadata/forms/education.json', { elements: [{ id: 204, field: 'endDat' }] }));
    expect(problems).toEqual([{ file: 'metadata/forms/education.json', pointer: '/elements/3/field', message: "element names missing field 'endDat' of entity 4 (Education)" }]);
  });

  it('reports a role removed by the tenant that a base route still names, at the base route', () => {
    const { problems } = compileWith('aa', patch('tenants/aa/routes.json', [{ id: 'director', $remove: false }]));
    expect(problems).toEqual([{ file: 'metadata/routes.json', pointer: '/4/roles/0', message: "route names missing role '200'" }]);
  });

  it('requires tenant.json', () => {
    const { registry, problems } = compileWith('zz', removeFile('tenants/zz/tenant.json'));
    expect(registry).toBeNull();
    expect(problems).toEqual([expect.objectContaining({ file: 'tenants/zz/tenant.json', pointer: '', message: expect.stringContaining("tenant 'zz' has no tenant.json") })]);
  });

  it('refuses a tenant.json in the base metadata', () => {
    const { problems } = compileWith('zz', addFile({ path: 'metadata/tenant.json', kind: 'tenant', layer: 'base', data: {} }));
    expect(problems).toEqual([expect.objectContaining({ file: 'metadata/tenant.json', message: expect.stringContaining('belongs in a tenant folder') })]);
  });

  it('lets a tenant override a base text key, but not two base files define it', () => {
    expect(compileWith('aa').problems).toEqual([]);
    const { problems } = compileWith('zz', patch('metadata/texts/extra.json', { 'app.title': 'Again' }));
    expect(problems).toHaveLength(1);
  });

  it('does not report references to a document that failed validation as missing', () => {
    const { problems } = compileWith('zz', patch('metadata/entities/person.json', { storage: { kind: 'nope' } }));
    expect(problems).toEqual([{ file: 'metadata/entities/person.json', pointer: '/storage/kind', message: "unknown storage kind 'nope'; expected one of table, records" }]);
  });

  it('drops a document removed in the base itself', () => {
    const r = compileWith('zz', patch('metadata/grids/education-all.json', { $remove: true })).registry;
    expect(r?.grids.has('education-all')).toBe(false);
  });

  it('compiles with no routes, roles or texts files at all', () => {
    const { problems, registry } = compileWith('zz', removeFile('metadata/routes.json'), removeFile('metadata/roles.json'),
      removeFile('metadata/texts/app.json'), removeFile('metadata/texts/extra.json'));
    expect(problems).toEqual([]);
    expect(registry?.routes).toEqual([]);
    expect(registry?.texts).toEqual({});
  });
});
