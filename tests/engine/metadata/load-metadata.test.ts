import { describe, expect, it } from 'vitest';
import { listTenants, loadMetadataFiles, loadRegistry } from '../../../server/metadata/load-metadata.js';
import { runMetadataCheck } from '../../../server/commands/metadata-check.js';
import { BASIC_ROOT, BROKEN_ROOT } from './metadata-fixture.js';

describe('loadMetadataFiles', () => {
  it('reads the base layout and one tenant folder, sorted, with kinds and layers', () => {
    const { files, problems } = loadMetadataFiles(BASIC_ROOT, 'aa');
    expect(problems).toEqual([]);
    expect(files.map((f) => [f.path, f.kind, f.layer])).toEqual([
      ['metadata/entities/education.json', 'entity', 'base'],
      ['metadata/entities/person.json', 'entity', 'base'],
      ['metadata/forms/education.json', 'form', 'base'],
      ['metadata/forms/person.json', 'form', 'base'],
      ['metadata/grids/education-all.json', 'grid', 'base'],
      ['metadata/grids/education.json', 'grid', 'base'],
      ['metadata/routes.json', 'route', 'base'],
      ['metadata/roles.json', 'role', 'base'],
      ['metadata/texts/app.json', 'text', 'base'],
      ['metadata/texts/extra.json', 'text', 'base'],
      ['tenants/aa/forms/education-tweaks.json', 'form', 'tenant'],
      ['tenants/aa/routes.json', 'route', 'tenant'],
      ['tenants/aa/roles.json', 'role', 'tenant'],
      ['tenants/aa/texts/app.json', 'text', 'tenant'],
      ['tenants/aa/tenant.json', 'tenant', 'tenant'],
    ]);
  });

  it('turns a file that is not valid JSON into a problem, not a crash', () => {
    const { files, problems } = loadMetadataFiles(BROKEN_ROOT, 'xx');
    expect(files.map((f) => f.path)).toEqual(['metadata/roles.json', 'tenants/xx/tenant.json']);
    expect(problems).toEqual([
      { file: 'metadata/routes.json', pointer: '', message: expect.stringMatching(/^not valid JSON at line 2, column \d+: /) },
      { file: 'tenants/xx/texts/app.json', pointer: '', message: expect.stringMatching(/^not valid JSON/) },
    ]);
  });

  it('reports a tenant without a folder', () => {
    expect(loadMetadataFiles(BASIC_ROOT, 'nope').problems).toEqual([{ file: 'tenants/nope', pointer: '', message: "no folder for tenant 'nope'" }]);
  });
});

describe('listTenants', () => {
  it.each([
    [BASIC_ROOT, ['aa', 'bb', 'zz']],
    [BROKEN_ROOT, ['xx']],
  ])('lists folders holding a tenant.json (%s)', (root, tenants) => {
    expect(listTenants(root)).toEqual(tenants);
  });
});

describe('loadRegistry', () => {
  it.each(['aa', 'bb', 'zz'])('compiles fixture tenant %s', (tenant) => {
    const { registry, problems } = loadRegistry(BASIC_ROOT, tenant);
    expect(problems).toEqual([]);
    expect(registry?.tenant.code).toBe(tenant);
  });

  it('gives no registry when a file is broken', () => {
    const { registry, problems } = loadRegistry(BROKEN_ROOT, 'xx');
    expect(registry).toBeNull();
    expect(problems.length).toBeGreaterThanOrEqual(2);
  });
});

describe('runMetadataCheck', () => {
  it('checks every tenant and ends with a summary', () => {
    expect(runMetadataCheck(BASIC_ROOT)).toEqual({ ok: true, lines: ['metadata check: 3 tenant(s) OK (aa, bb, zz)'] });
  });

  it('prints one line per problem, prefixed with the tenant code', () => {
    const { ok, lines } = runMetadataCheck(BROKEN_ROOT);
    expect(ok).toBe(false);
    expect(lines[0]).toMatch(/^xx metadata\/routes\.json: not valid JSON/);
    expect(lines[1]).toMatch(/^xx tenants\/xx\/texts\/app\.json: not valid JSON/);
    expect(lines.at(-1)).toBe('metadata check: 2 problem(s) in 1 tenant(s) (xx)');
    for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
  });

  it('checks only the tenants asked for', () => {
    expect(runMetadataCheck(BASIC_ROOT, ['zz']).lines).toEqual(['metadata check: 1 tenant(s) OK (zz)']);
  });

  it('fails a tenant that does not exist', () => {
    const { ok, lines } = runMetadataCheck(BASIC_ROOT, ['qq']);
    expect(ok).toBe(false);
    expect(lines).toContain("qq tenants/qq: no folder for tenant 'qq'");
  });
});
