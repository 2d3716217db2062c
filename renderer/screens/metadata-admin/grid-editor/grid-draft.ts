import type { Entity, FieldType } from '../../../../engine/metadata/entity-schema.js';
import type { FilterOperation, Grid, GridColumn, GridFilter, RowAction, SortDirection } from '../../../../engine/metadata/grid-schema.js';
import { SYSTEM_FIELDS } from '../../../../engine/metadata/system-fields.js';

/**
 * The grid editor's edits, as pure functions from one grid document to the next (GridSchema in
 * engine/metadata/grid-schema.ts holds what a grid may hold). Each answers a new grid; a property
 * set to its default is left out, so a draft only holds what the administrator chose.
 */

/** A field a column may show: the row entity's fields, then the system fields. */
export interface ColumnField {
  id: string;
  label: string;
  type: FieldType;
}

/** The fields of the grid's row entity (its own, then the system ones). */
export function fieldsOf(entity: Entity | undefined): ColumnField[] {
  const own = (entity?.fields ?? []).filter((f) => !f.$remove).map((f) => ({ id: f.id, label: f.label ?? f.id, type: f.type }));
  const system = Object.entries(SYSTEM_FIELDS).filter(([id]) => !own.some((f) => f.id === id)).map(([id, s]) => ({ id, label: id, type: s.type }));
  return [...own, ...system];
}

/** The fields no column shows yet (what "Add column" offers). */
export function fieldsToAdd(grid: Grid, fields: readonly ColumnField[]): ColumnField[] {
  const shown = new Set(grid.columns.map((c) => c.propertyName));
  return fields.filter((f) => !shown.has(f.id));
}

/** A readable column name from a field id: `endDate` -> `End Date`. */
export function columnNameOf(field: Pick<ColumnField, 'id' | 'label'>): string {
  if (field.label !== field.id) return field.label;
  const words = field.id.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A new column for a field: sortable and filterable, dates formatted as dates. */
export function addColumn(grid: Grid, field: ColumnField): Grid {
  if (grid.columns.some((c) => c.propertyName === field.id)) return grid;
  const column: GridColumn = { columnName: columnNameOf(field), propertyName: field.id, sortable: true, filterable: true };
  if (field.type === 'date') column.formatDate = true;
  if (field.type === 'datetime') { column.formatDate = true; column.isTimeStamp = true; }
  if (field.type === 'number' || field.type === 'integer') column.formatNumber = true;
  return { ...grid, columns: [...grid.columns, column] };
}

/**
 * Removes a column. A grid keeps at least one column; the names it lists as displayColumns and the
 * default filters on it go with it.
 */
export function removeColumn(grid: Grid, index: number): Grid {
  const column = grid.columns[index];
  if (!column || grid.columns.length <= 1) return grid;
  const columns = grid.columns.filter((_, i) => i !== index);
  const next: Grid = { ...grid, columns };
  if (grid.displayColumns) {
    const kept = grid.displayColumns.filter((p) => p !== column.propertyName);
    if (kept.length) next.displayColumns = kept; else delete next.displayColumns;
  }
  if (grid.defaultFilters) return setDefaultFilters(next, grid.defaultFilters.filter((f) => f.column !== column.propertyName));
  return next;
}

/** Moves a column one place up (-1) or down (+1); at an end it stays. */
export function moveColumn(grid: Grid, index: number, by: -1 | 1): Grid {
  const to = index + by;
  if (index < 0 || to < 0 || to >= grid.columns.length) return grid;
  const columns = [...grid.columns];
  [columns[index], columns[to]] = [columns[to]!, columns[index]!];
  return { ...grid, columns };
}

/** The column's switches and name (false switches are left out: false is their default). */
export type ColumnChange = Partial<Pick<GridColumn, 'columnName' | 'sortable' | 'filterable' | 'formatDate' | 'formatNumber' | 'isTimeStamp' | 'showTime' | 'hidden'>>;

export function updateColumn(grid: Grid, index: number, change: ColumnChange): Grid {
  const column = grid.columns[index];
  if (!column) return grid;
  const next: GridColumn = { ...column };
  for (const [key, value] of Object.entries(change) as Array<[keyof ColumnChange, string | boolean | undefined]>) {
    if (value === false || value === undefined) delete next[key];
    else (next as Record<string, unknown>)[key] = value;
  }
  return { ...grid, columns: grid.columns.map((c, i) => (i === index ? next : c)) };
}

/** The column the grid first sorts by (one at most): null sorts by the first column, ascending (the grid's default). */
export function setInitialSort(grid: Grid, propertyName: string | null, direction: SortDirection = 'Ascending'): Grid {
  const columns = grid.columns.map((c) => {
    const rest = { ...c };
    delete rest.initialSort;
    delete rest.initialSortDirection;
    if (c.propertyName !== propertyName) return rest;
    return { ...rest, initialSort: true, ...(direction === 'Descending' ? { initialSortDirection: direction } : {}) };
  });
  return { ...grid, columns };
}

/** The initial sort the grid holds: its column and direction, or null (the first column, ascending). */
export function initialSortOf(grid: Grid): { propertyName: string; direction: SortDirection } | null {
  const c = grid.columns.find((col) => col.initialSort);
  return c ? { propertyName: c.propertyName, direction: c.initialSortDirection ?? 'Ascending' } : null;
}

function setDefaultFilters(grid: Grid, filters: GridFilter[]): Grid {
  const next = { ...grid };
  if (filters.length) next.defaultFilters = filters; else delete next.defaultFilters;
  return next;
}

/** A default filter on a column (the first filterable one unless named): Contains an empty value until edited. */
export function addDefaultFilter(grid: Grid, column?: string): Grid {
  const target = column ?? (grid.columns.find((c) => c.filterable) ?? grid.columns[0])!.propertyName;
  return setDefaultFilters(grid, [...(grid.defaultFilters ?? []), { column: target, operation: 'Contains', value: '' }]);
}

export function updateDefaultFilter(grid: Grid, index: number, change: Partial<GridFilter>): Grid {
  const filters = grid.defaultFilters ?? [];
  if (!filters[index]) return grid;
  return setDefaultFilters(grid, filters.map((f, i) => (i === index ? { ...f, ...change } : f)));
}

export function removeDefaultFilter(grid: Grid, index: number): Grid {
  return setDefaultFilters(grid, (grid.defaultFilters ?? []).filter((_, i) => i !== index));
}

/** The operations a filter offers for a field type (the grid filter dialog's choices). */
export function filterOperations(type: FieldType | null): FilterOperation[] {
  if (type === 'date' || type === 'datetime') return ['OnDate', 'GreaterThan', 'LessThan'];
  if (type === 'integer' || type === 'number') return ['Equals', 'GreaterThan', 'LessThan'];
  if (type === 'boolean') return ['Equals'];
  return ['Contains', 'Equals'];
}

/** A filter value as its field stores it: numbers for number fields, booleans for boolean ones. */
export function filterValue(type: FieldType | null, text: string): string | number | boolean {
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean') return text === 'true';
  return text;
}

/** Page size 1-100; empty (or out of range) leaves the product's default. */
export function setPageSize(grid: Grid, size: number | null): Grid {
  const next = { ...grid };
  if (size !== null && Number.isInteger(size) && size >= 1 && size <= 100) next.pageSize = size; else delete next.pageSize;
  return next;
}

/** The toolbar's plain switches (false is their default and is left out). */
export type GridSwitch = 'multiRowSelect' | 'allowSelectAll' | 'allowClearSelection';

export function setSwitch(grid: Grid, name: GridSwitch, on: boolean): Grid {
  const next = { ...grid };
  if (on) next[name] = true; else delete next[name];
  if (name === 'multiRowSelect' && !on) { delete next.allowSelectAll; delete next.allowClearSelection; }
  return next;
}

export function setExport(grid: Grid, type: 'csv' | 'pdf', on: boolean): Grid {
  const kept = (grid.exports ?? []).filter((t) => t !== type);
  const exports = on ? (['csv', 'pdf'] as const).filter((t) => t === type || kept.includes(t)) : kept;
  const next = { ...grid };
  if (exports.length) next.exports = [...exports]; else delete next.exports;
  return next;
}

/** The grid properties that hold a rule (absent: the product's default). */
export type GridRuleProperty = 'addNew' | 'includeDisabled';

/** Sets a rule property; undefined removes it. */
export function setGridRule(grid: Grid, name: GridRuleProperty, rule: unknown): Grid {
  const next = { ...grid };
  if (rule === undefined) delete next[name]; else next[name] = rule;
  return next;
}

/** A new row action with an id no other action of the grid has. */
export function addRowAction(grid: Grid, label: string): Grid {
  const actions = grid.rowActions ?? [];
  const base = label.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'action';
  let id = base;
  for (let n = 2; actions.some((a) => a.id === id); n++) id = `${base}-${n}`;
  return { ...grid, rowActions: [...actions, { id, label: label.trim() || id }] };
}

/** Changes a row action's id, label, icon or visibility rule (an empty icon, an undefined rule are left out). */
export function updateRowAction(grid: Grid, index: number, change: Partial<Pick<RowAction, 'id' | 'label' | 'icon' | 'visible'>>): Grid {
  const actions = grid.rowActions ?? [];
  const action = actions[index];
  if (!action) return grid;
  const next: RowAction = { ...action, ...change };
  if ('icon' in change && !change.icon) delete next.icon;
  if ('visible' in change && change.visible === undefined) delete next.visible;
  return { ...grid, rowActions: actions.map((a, i) => (i === index ? next : a)) };
}

export function removeRowAction(grid: Grid, index: number): Grid {
  const actions = (grid.rowActions ?? []).filter((_, i) => i !== index);
  const next = { ...grid };
  if (actions.length) next.rowActions = actions; else delete next.rowActions;
  return next;
}

/** Row action ids the grid holds more than once, or empty (the editor marks them). */
export function badActionIds(grid: Grid): Set<string> {
  const seen = new Set<string>();
  const bad = new Set<string>();
  for (const a of grid.rowActions ?? []) {
    if (a.id.trim() === '' || seen.has(a.id)) bad.add(a.id);
    seen.add(a.id);
  }
  return bad;
}
