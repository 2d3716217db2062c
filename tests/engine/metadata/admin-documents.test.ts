import { describe, expect, it } from 'vitest';
import { documentDetail, leafOrigins, listDocuments } from '../../../engine/metadata/admin-document-views.js';
import { adminFiles, applyDrafts, diffDocuments, kindOfPath } from '../../../engine/metadata/admin-documents.js';
import { grantsEveryone } from '../../../engine/metadata/admin-guards.js';
import { compileMetadata } from '../../../engine/metadata/compile.js';
import { overlay } from '../../../engine/metadata/overlay.js';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import { loadMetadataFiles } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from './metadata-fixture.js';

/** The pure part of the administrators' layer (issue 13), over the project's own metadata for tn. */
const files: MetadataFile[] = loadMetadataFiles(PROJECT_ROOT, 'tn').files;
const formOf = (set: readonly MetadataFile[], id: number) => documentDetail(set, { kind: 'form', id: String(id) }, undefined)!.value as { name: string; elements: Array<{ id: number }> };

describe('the $replace marker', () => {
  it('replaces an object whole instead of merging, and never survives', () => {
    expect(overlay({ a: 1, b: { c: 2 } }, { b: { d: 3 }, $replace: true })).toEqual({ b: { d: 3 } });
    expect(overlay([{ id: 1, a: 1, b: 2 }, { id: 2 }], [{ id: 1, a: 5, $replace: true }])).toEqual([{ id: 1, a: 5 }, { id: 2 }]);
    expect(overlay({ x: { y: 1, z: 2 } }, { x: { y: 3, $replace: true } })).toEqual({ x: { y: 3 } });
  });
});

describe('the administrators\' layer from drafts', () => {
  it('stores a form whole with $replace, and the merged form is the draft exactly', () => {
    const form = formOf(files, 101);
    const changed = { ...form, name: 'Awards', elements: form.elements.slice(0, 2) };
    const layer = applyDrafts(files, {}, new Map([['form:101', changed]]));
    expect(layer['admin:forms/101.json']).toEqual({ ...changed, $replace: true });
    expect(formOf([...files, ...adminFiles(layer)], 101)).toEqual(changed);
    expect(compileMetadata([...files, ...adminFiles(layer)], 'tn').problems).toEqual([]);
  });

  it('holds routes as changed items, texts as changed keys; a draft equal to the files leaves nothing', () => {
    const routes = documentDetail(files, { kind: 'route', id: 'dashboard-awards' }, undefined)!.value as Record<string, unknown>;
    const texts = documentDetail(files, { kind: 'text', id: 'text' }, undefined)!.value as Record<string, string>;
    const fewer: Record<string, string> = { ...texts, 'metadataAdmin.noChange': 'Nothing.' };
    delete fewer['metadataAdmin.noTenant'];
    const layer = applyDrafts(files, {}, new Map<string, unknown>([
      ['route:dashboard-awards', { ...routes, hidden: true }], ['text:text', fewer], ['form:101', formOf(files, 101)],
    ]));
    expect(layer).toEqual({
      'admin:routes.json': [{ ...routes, hidden: true, $replace: true }],
      'admin:texts/admin.json': { 'metadataAdmin.noChange': 'Nothing.', 'metadataAdmin.noTenant': { $remove: true } },
    });
    const after = [...files, ...adminFiles(layer)];
    expect(diffDocuments(files, after).map((d) => `${d.kind}:${d.id}:${d.change}`).sort()).toEqual(['route:dashboard-awards:changed', 'text:text:changed']);
    expect(listDocuments(after, new Map()).find((d) => d.kind === 'route' && d.id === 'dashboard-awards')).toMatchObject({ layers: ['base', 'admin'], system: true });
  });

  it('deletes with an id-carrying $remove and knows each path\'s kind', () => {
    const layer = applyDrafts(files, {}, new Map([['grid:award', { $remove: true }]]));
    expect(layer).toEqual({ 'admin:grids/award.json': { id: 'award', $remove: true } });
    expect(diffDocuments(files, [...files, ...adminFiles(layer)])).toMatchObject([{ kind: 'grid', id: 'award', change: 'removed' }]);
    expect([kindOfPath('admin:routes.json'), kindOfPath('forms/9001.json'), kindOfPath('admin:texts/admin.json'), kindOfPath('forms/a/b.json')]).toEqual(['route', 'form', 'text', null]);
  });
});

describe('an export committed into the tenant folder', () => {
  it('gives the same registry as the layer', () => {
    const form = formOf(files, 101);
    const route = documentDetail(files, { kind: 'route', id: 'messaging' }, undefined)!.value as Record<string, unknown>;
    const tenant = documentDetail(files, { kind: 'tenant', id: 'tenant' }, undefined)!.value as Record<string, unknown>;
    const texts = documentDetail(files, { kind: 'text', id: 'text' }, undefined)!.value as Record<string, string>;
    const layer = applyDrafts(files, {}, new Map<string, unknown>([
      ['form:101', { ...form, name: 'Honors' }], ['route:messaging', { ...route, hidden: true }],
      ['tenant:tenant', { ...tenant, productName: 'Edited' }], ['text:text', { ...texts, 'metadataAdmin.noChange': 'Nothing.' }],
    ]));
    // what a developer does with the export: new files added, routes.json items appended, tenant.json written whole
    const committed = files.flatMap((f): MetadataFile[] => {
      if (f.path === 'tenants/tn/routes.json') return [{ ...f, data: [...(f.data as unknown[]), ...(layer['admin:routes.json'] as unknown[])] }];
      if (f.path === 'tenants/tn/tenant.json') return [{ ...f, data: layer['admin:tenant.json'] }];
      return [f];
    });
    committed.push({ path: 'tenants/tn/forms/101.json', kind: 'form', layer: 'tenant', data: layer['admin:forms/101.json'] });
    committed.push({ path: 'tenants/tn/texts/admin.json', kind: 'text', layer: 'tenant', data: layer['admin:texts/admin.json'] });
    const viaLayer = compileMetadata([...files, ...adminFiles(layer)], 'tn');
    const viaFiles = compileMetadata(committed, 'tn');
    expect(viaLayer.problems).toEqual([]);
    expect(viaFiles.problems).toEqual([]);
    expect(viaFiles.registry).toEqual(viaLayer.registry);
    expect(viaFiles.registry!.tenant.productName).toBe('Edited');
  });
});

describe('origins of each value', () => {
  it('a value equal to what a lower layer gives is that layer\'s', () => {
    const steps = [{ layer: 'base' as const, value: { a: 1, b: 2, list: [{ id: 7, x: 1 }] } }, { layer: 'tenant' as const, value: { a: 1, b: 3, list: [{ id: 7, x: 1 }] } }, { layer: 'draft' as const, value: { a: 1, b: 4, c: 5, list: [{ id: 7, x: 1 }] } }];
    expect(leafOrigins(steps, steps[2]!.value)).toEqual({ '/a': 'base', '/b': 'draft', '/c': 'draft', '/list/0/x': 'base', '/list/0/id': 'base' });
  });
});

describe('a rule that grants every row to everyone', () => {
  it.each([[true, true], [{ '==': [1, 1] }, true], [{ var: 'user.id' }, false], [{ in: ['100', { var: 'user.roles' }] }, false], [undefined, false]])('%j -> %s', (rule, expected) => {
    expect(grantsEveryone(rule)).toBe(expected);
  });
});
