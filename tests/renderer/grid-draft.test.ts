import { describe, expect, it } from 'vitest';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import { GridSchema, type Grid } from '../../engine/metadata/grid-schema.js';
import { Value } from '@sinclair/typebox/value';
import {
  addColumn, addDefaultFilter, addRowAction, badActionIds, fieldsOf, fieldsToAdd, filterValue, initialSortOf, moveColumn, removeColumn,
  removeDefaultFilter, removeRowAction, setExport, setGridRule, setInitialSort, setPageSize, setSwitch, updateColumn, updateDefaultFilter, updateRowAction,
} from '../../renderer/screens/metadata-admin/grid-editor/grid-draft.js';

/** The grid editor's edits: each answers a grid GridSchema accepts, holding only what was chosen. */
const grid: Grid = {
  id: 'education', entityTypeId: 4, formId: 2, owner: 'primaryEntity', displayColumns: ['school'],
  columns: [
    { columnName: 'Education Level', propertyName: 'educationLevel', sortable: true },
    { columnName: 'School', propertyName: 'school', sortable: true, filterable: true },
    { columnName: 'End Date', propertyName: 'endDate', formatDate: true, initialSort: true, initialSortDirection: 'Descending' },
  ],
};
const entity = { id: 4, name: 'education', storage: { kind: 'table', table: 'education' }, fields: [
  { id: 'educationLevel', type: 'string' }, { id: 'school', type: 'string', label: 'School' }, { id: 'endDate', type: 'date' },
  { id: 'major', type: 'string' }, { id: 'creditHours', type: 'number' },
] } as unknown as Entity;
const valid = (g: Grid) => expect(Value.Check(GridSchema, g)).toBe(true);

describe('grid draft edits', () => {
  it('offers the fields no column shows, system fields last', () => {
    const offered = fieldsToAdd(grid, fieldsOf(entity)).map((f) => f.id);
    expect(offered.slice(0, 2)).toEqual(['major', 'creditHours']);
    expect(offered).toContain('createdAt');
    expect(offered).not.toContain('school');
  });

  it('adds a column with a readable name and the formatting of its type, once', () => {
    const [, , , major, credit] = fieldsOf(entity);
    const g = addColumn(addColumn(grid, major!), credit!);
    expect(g.columns.slice(3)).toEqual([
      { columnName: 'Major', propertyName: 'major', sortable: true, filterable: true },
      { columnName: 'Credit Hours', propertyName: 'creditHours', sortable: true, filterable: true, formatNumber: true },
    ]);
    expect(addColumn(g, major!)).toBe(g);
    valid(g);
  });

  it('moves columns within the ends', () => {
    expect(moveColumn(grid, 2, -1).columns.map((c) => c.propertyName)).toEqual(['educationLevel', 'endDate', 'school']);
    expect(moveColumn(grid, 0, -1)).toBe(grid);
    expect(moveColumn(grid, 2, 1)).toBe(grid);
  });

  it('removes a column with its display name and default filters, never the last one', () => {
    const filtered = updateDefaultFilter(addDefaultFilter(grid, 'school'), 0, { value: 'State' });
    const g = removeColumn(filtered, 1);
    expect(g.columns.map((c) => c.propertyName)).toEqual(['educationLevel', 'endDate']);
    expect(g.displayColumns).toBeUndefined();
    expect(g.defaultFilters).toBeUndefined();
    const one: Grid = { ...grid, columns: [grid.columns[0]!] };
    expect(removeColumn(one, 0)).toBe(one);
    valid(g);
  });

  it('sets column switches, leaving false ones out', () => {
    const g = updateColumn(grid, 1, { hidden: true, filterable: false, columnName: 'Institution' });
    expect(g.columns[1]).toEqual({ columnName: 'Institution', propertyName: 'school', sortable: true, hidden: true });
    valid(g);
  });

  it('keeps one initial sort', () => {
    expect(initialSortOf(grid)).toEqual({ propertyName: 'endDate', direction: 'Descending' });
    const g = setInitialSort(grid, 'school');
    expect(g.columns.filter((c) => c.initialSort).map((c) => c.propertyName)).toEqual(['school']);
    expect(g.columns[1]!.initialSortDirection).toBeUndefined();
    expect(initialSortOf(setInitialSort(g, null))).toBeNull();
    valid(g);
  });

  it('edits default filters with typed values', () => {
    let g = addDefaultFilter(grid);
    expect(g.defaultFilters).toEqual([{ column: 'school', operation: 'Contains', value: '' }]);
    g = updateDefaultFilter(g, 0, { operation: 'Equals', value: filterValue('number', '12') });
    expect(g.defaultFilters![0]!.value).toBe(12);
    valid(g);
    expect(removeDefaultFilter(g, 0).defaultFilters).toBeUndefined();
  });

  it('sets page size, toolbar switches, exports and rules', () => {
    expect(setPageSize(grid, 25).pageSize).toBe(25);
    expect(setPageSize(setPageSize(grid, 25), 500).pageSize).toBeUndefined();
    let g = setSwitch(setSwitch(grid, 'multiRowSelect', true), 'allowSelectAll', true);
    expect([g.multiRowSelect, g.allowSelectAll]).toEqual([true, true]);
    g = setSwitch(g, 'multiRowSelect', false);
    expect([g.multiRowSelect, g.allowSelectAll]).toEqual([undefined, undefined]);
    g = setExport(setExport(grid, 'pdf', true), 'csv', true);
    expect(g.exports).toEqual(['csv', 'pdf']);
    expect(setExport(setExport(g, 'csv', false), 'pdf', false).exports).toBeUndefined();
    g = setGridRule(grid, 'addNew', false);
    expect(g.addNew).toBe(false);
    expect('addNew' in setGridRule(g, 'addNew', undefined)).toBe(false);
    valid(g);
  });

  it('adds row actions with unique ids and edits them', () => {
    let g = addRowAction(addRowAction(grid, 'Send Reminder'), 'Send reminder');
    expect(g.rowActions!.map((a) => a.id)).toEqual(['send-reminder', 'send-reminder-2']);
    g = updateRowAction(g, 0, { icon: 'mail', visible: { var: 'row.disabled' } });
    expect(g.rowActions![0]).toEqual({ id: 'send-reminder', label: 'Send Reminder', icon: 'mail', visible: { var: 'row.disabled' } });
    g = updateRowAction(g, 0, { icon: '', visible: undefined });
    expect(g.rowActions![0]).toEqual({ id: 'send-reminder', label: 'Send Reminder' });
    expect(badActionIds(updateRowAction(g, 1, { id: 'send-reminder' }))).toEqual(new Set(['send-reminder']));
    valid(g);
    expect(removeRowAction(removeRowAction(g, 0), 0).rowActions).toBeUndefined();
  });
});
