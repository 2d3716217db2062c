import { describe, expect, it } from 'vitest';
import { compileMetadata } from '../../../engine/metadata/compile.js';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import { loadMetadataFiles } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from '../metadata/metadata-fixture.js';

/** metadata:check over the career lattice (al) and computed grid columns: each mistake named where it is. */
const GRID = 'tenants/al/grids/career-lattice.json';
const LATTICE = 'tenants/al/career-lattice.json';
type Json = Record<string, unknown>;

function problemsWith(path: string, edit: (data: Json) => Json): string[] {
  const files = loadMetadataFiles(PROJECT_ROOT, 'al').files.map((f): MetadataFile => (f.path === path ? { ...f, data: edit(structuredClone(f.data) as Json) } : f));
  return compileMetadata(files, 'al').problems.map((p) => `${p.file} ${p.pointer}: ${p.message}`);
}

const column = (i: number, change: Json) => (d: Json) => {
  (d.columns as Json[])[i] = { ...(d.columns as Json[])[i], ...change };
  return d;
};

describe('checks of the career lattice and computed columns', () => {
  it('the project metadata of al has none', () => {
    expect(problemsWith(GRID, (d) => d)).toEqual([]);
  });

  it.each([
    ['a sortable computed column', GRID, column(2, { sortable: true }), `${GRID} /columns/2: a computed column is neither sortable nor filterable`],
    ['a computed column reading a missing field', GRID, column(2, { computed: { name: 'latticeLevel', params: { person: 'personId' } } }), `${GRID} /columns/2/computed/params/person: 'personId' is not a field of entity 31 (CareerLatticeLevel)`],
    ['a computed column shadowing a field', GRID, column(2, { propertyName: 'level' }), `${GRID} /columns/2/propertyName: computed column 'level' shadows a field of entity 31 (CareerLatticeLevel)`],
    ['a level whose missing sentence is not in the catalogue', LATTICE, (d: Json) => { ((d.levels as Json[])[0]!.requirements as Json[])[0]!.missing = 'lattice.missing.nowhere'; return d; }, `${LATTICE} /levels/0/requirements/0/missing: text key 'lattice.missing.nowhere' is missing from the catalogue`],
    ['a lattice reading a missing field', LATTICE, (d: Json) => { (d.training as Json).hoursField = 'hours'; return d; }, `${LATTICE} /training: career lattice names missing field 'hours' of entity 3`],
    ['a level declared twice', LATTICE, (d: Json) => { (d.levels as Json[])[1]!.id = 1; return d; }, `${LATTICE} /levels/1/id: level 1 is declared twice`],
  ] as const)('%s', (_name, path, edit, problem) => {
    expect(problemsWith(path, edit)).toContain(problem);
  });

  it('refuses a computed column function that does not exist', () => {
    expect(problemsWith(GRID, column(2, { computed: { name: 'nowhere' } })).some((p) => p.startsWith(`${GRID} /columns/2/computed/name`))).toBe(true);
  });
});
