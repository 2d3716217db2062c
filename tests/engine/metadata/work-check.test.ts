import { describe, expect, it } from 'vitest';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import { addFile, compileWith } from './metadata-fixture.js';

/** The dashboard work kind (metadata/dashboard-work.json): validation and reference checks. */

const PATH = 'metadata/dashboard-work.json';
const count = { id: 'education-requested', gridId: 'education', route: 'profile-education', label: 'app.title', filter: { '==': [{ var: 'row.status' }, 'Requested'] } };
const item = { id: 'awaiting', title: 'app.title', roles: ['100'], counts: [count] };
const work = (data: unknown): MetadataFile => ({ path: PATH, kind: 'work', layer: 'base', data });

describe('dashboard work metadata', () => {
  it('compiles into the registry in sequence order, a slot without counts included', () => {
    const { registry, problems } = compileWith('zz', addFile(work([{ ...item, sequence: 2 }, { id: 'messages', title: 'grid.noData', roles: ['100', '200'], sequence: 1 }])));
    expect(problems).toEqual([]);
    expect(registry!.work.map((w) => w.id)).toEqual(['messages', 'awaiting']);
  });

  it.each([
    ['a missing grid', { gridId: 'nothing' }, '/0/counts/0/gridId', "work count names missing grid 'nothing'"],
    ['a missing route', { route: 'nowhere' }, '/0/counts/0/route', "work count links to missing route 'nowhere'"],
    ['a missing text', { label: 'no.such.text' }, '/0/counts/0/label', "text key 'no.such.text' is missing from the catalogue"],
    ['a filter over a missing field', { filter: { '==': [{ var: 'row.colour' }, 'red'] } }, '/0/counts/0/filter', 'rule reads row.colour, a field entity 4 (Education) lacks'],
    ['a filter with an unknown operator', { filter: { nearby: [{ var: 'row.status' }] } }, '/0/counts/0/filter', "rule uses unknown operator 'nearby'"],
  ])('reports %s', (_name, change, pointer, message) => {
    const { registry, problems } = compileWith('zz', addFile(work([{ ...item, counts: [{ ...count, ...change }] }])));
    expect(registry).toBeNull();
    expect(problems).toContainEqual({ file: PATH, pointer, message });
  });

  it('reports a duplicate item id and an unknown role code', () => {
    const { problems } = compileWith('zz', addFile(work([item, { ...item, roles: ['999'] }])));
    expect(problems.map((p) => p.pointer)).toEqual(expect.arrayContaining(['/1/roles/0']));
    const dup = compileWith('zz', addFile(work([item, item])));
    expect(dup.problems).toContainEqual({ file: PATH, pointer: '/1/id', message: "duplicate work item id 'awaiting'" });
  });
});
