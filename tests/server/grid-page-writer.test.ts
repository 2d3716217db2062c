import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../engine/metadata/grid-schema.js';
import { writeGridPage } from '../../server/routes/grid-page-writer.js';

const columns = [
  { field: 'school', title: 'School "Name"', type: 'text' },
  { field: 'endDate', title: 'End Date', type: 'date' },
] as unknown as GridColumn[];

describe('the grid page writer', () => {
  it('writes what JSON.stringify writes, page after page, with the columns written once', () => {
    const first = { gridData: [{ id: 1, school: 'St. Mary -- "Downtown"\n', endDate: null, canView: true }], columns };
    const second = { gridData: [{ id: 2, school: 'Ünïcödé ☃', endDate: '2024-05-10', canView: false }, { id: 3 }], columns };
    expect(writeGridPage(first)).toBe(JSON.stringify(first));
    expect(writeGridPage(second)).toBe(JSON.stringify(second));
    expect(JSON.parse(writeGridPage(second))).toEqual(second);
  });

  it('writes another grid\'s columns, not the cached ones', () => {
    const other = [{ field: 'name', title: 'Name', type: 'text' }] as unknown as GridColumn[];
    const page = { gridData: [{ id: 9, name: 'Ava' }], columns: other };
    writeGridPage({ gridData: [], columns });
    expect(writeGridPage(page)).toBe(JSON.stringify(page));
  });
});
