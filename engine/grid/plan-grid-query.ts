import { ruleHolds } from '../rules/json-logic.js';
import type { RuleContext } from '../rules/rule-context.js';
import { compileRowScope } from '../rules/rule-to-sql.js';
import { junction, type SqlCondition } from '../rules/sql-condition.js';
import type { Entity, FieldType } from '../metadata/entity-schema.js';
import { rowEntityTypeId, type Grid, type GridColumn, type SortDirection } from '../metadata/grid-schema.js';
import type { Registry } from '../metadata/registry.js';
import { SYSTEM_FIELDS } from '../metadata/system-fields.js';
import { GRID_DEFAULT_PAGE_SIZE, GRID_MAX_PAGE, type GridRequest } from './grid-request.js';
import { planFilter, type PlannedFilter } from './plan-filter.js';

export interface PlannedSort {
  field: string;
  type: FieldType;
  direction: SortDirection;
}

/** A grid request checked against metadata and the caller's access: what the data layer runs. */
export interface GridPlan {
  grid: Grid;
  entity: Entity;
  /** rows of this person only (the grid's owner mode), or every row the caller may read */
  ownerId: number | null;
  scope: SqlCondition;
  filters: PlannedFilter[];
  sort: PlannedSort[];
  offset: number;
  limit: number;
  includeDisabled: boolean;
}

export type PlanResult = { ok: true; plan: GridPlan } | { ok: false; status: 400 | 404; message: string; errors: Record<string, string> };

export function fieldType(entity: Entity, property: string): FieldType | null {
  const [head, ...rest] = property.split('.');
  const system = SYSTEM_FIELDS[head!];
  if (system) return rest.length ? null : system.type;
  const field = entity.fields.find((f) => f.id === head);
  if (!field) return null;
  return rest.length ? (entity.storage.kind === 'records' ? 'string' : null) : field.type;
}

/** The grid a request names: by altGridId, else the one grid of that entity type and form. */
export function findGrid(registry: Registry, req: GridRequest): Grid | null {
  let found = gridsFound.get(registry);
  if (!found) gridsFound.set(registry, (found = new Map()));
  const key = JSON.stringify([req.altGridId ?? null, req.entityTypeId ?? null, req.formId ?? null]);
  let grid = found.get(key);
  if (grid === undefined) {
    grid = searchGrid(registry, req);
    // bounded: request bodies name these freely
    if (found.size >= 1_000) found.clear();
    found.set(key, grid);
  }
  return grid;
}

/** The grids requests named, per registry (a registry never changes; a publish makes a new one). */
const gridsFound = new WeakMap<Registry, Map<string, Grid | null>>();

function searchGrid(registry: Registry, req: GridRequest): Grid | null {
  for (const grid of registry.grids.values()) {
    if (req.altGridId) {
      if (grid.altGridId === req.altGridId && (req.entityTypeId === undefined || grid.entityTypeId === req.entityTypeId)) return grid;
    } else if (!grid.altGridId && grid.entityTypeId === req.entityTypeId && (req.formId === undefined || grid.formId === req.formId)) {
      return grid;
    }
  }
  return null;
}

/** A grid's columns by property name, made once per grid object. */
const columnMaps = new WeakMap<Grid, ReadonlyMap<string, GridColumn>>();
function columnsOf(grid: Grid): ReadonlyMap<string, GridColumn> {
  let columns = columnMaps.get(grid);
  if (!columns) columnMaps.set(grid, (columns = new Map(grid.columns.map((c) => [c.propertyName, c]))));
  return columns;
}

function invalid(field: string, message: string): PlanResult {
  return { ok: false, status: 400, message, errors: { [field]: message } };
}

export function planGridQuery(registry: Registry, req: GridRequest, context: RuleContext, ownerOverride?: number): PlanResult {
  const grid = findGrid(registry, req);
  if (!grid) return { ok: false, status: 404, message: 'No grid is defined for this entity type and form.', errors: {} };
  const entity = registry.entities.get(rowEntityTypeId(grid))!;
  const columns = columnsOf(grid);

  const pageSize = grid.pageSize ?? GRID_DEFAULT_PAGE_SIZE;
  const from = req.from ?? 1;
  const to = req.to ?? from + pageSize - 1;
  if (!Number.isInteger(from) || from < 1) return invalid('from', 'from must be a whole number of at least 1.');
  if (!Number.isInteger(to) || to < from) return invalid('to', 'to must be a whole number not less than from.');
  if (to - from + 1 > GRID_MAX_PAGE) return invalid('to', `A page may hold at most ${GRID_MAX_PAGE} rows.`);

  const filterList = req.filterInfo == null ? [] : Array.isArray(req.filterInfo) ? req.filterInfo : [req.filterInfo];
  if (filterList.length > 1) return invalid('filterInfo', 'Only one column filter can be active at a time.');
  const filters: PlannedFilter[] = [];
  for (const [source, list, needFilterable] of [['filterInfo', filterList, true], ['defaultFilters', req.defaultFilters ?? [], false]] as const) {
    for (const f of list) {
      const column = columns.get(f.column);
      if (!column || column.computed || (needFilterable && !column.filterable)) return invalid(source, `Column '${String(f.column)}' cannot be filtered in this grid.`);
      const planned = planFilter(f, fieldType(entity, f.column) ?? 'string', registry.tenant.timeZone);
      if (!planned.ok) return invalid(source, planned.message);
      if (planned.filter) filters.push(planned.filter);
    }
  }
  for (const f of grid.defaultFilters ?? []) {
    const planned = planFilter(f, fieldType(entity, f.column) ?? 'string', registry.tenant.timeZone);
    if (planned.ok && planned.filter) filters.push(planned.filter);
  }

  let sortColumn: GridColumn | undefined;
  let direction: SortDirection;
  if (req.sortInfo?.column) {
    sortColumn = columns.get(req.sortInfo.column);
    if (!sortColumn || sortColumn.computed || sortColumn.sortable === false) return invalid('sortInfo', `Column '${String(req.sortInfo.column)}' cannot be sorted in this grid.`);
    direction = req.sortInfo.direction ?? 'Ascending';
  } else {
    sortColumn = grid.columns.find((c) => c.initialSort) ?? grid.columns[0]!;
    direction = sortColumn.initialSortDirection ?? 'Ascending';
  }
  const sort: PlannedSort[] = [{ field: sortColumn.propertyName, type: fieldType(entity, sortColumn.propertyName) ?? 'string', direction }];
  if (sortColumn.propertyName !== 'id') sort.push({ field: 'id', type: 'integer', direction });

  const ownerId = grid.owner === 'primaryEntity' ? (ownerOverride ?? req.primaryEntity?.Id ?? context.user.id) : null;
  if (ownerId !== null && (!Number.isInteger(ownerId) || ownerId < 1)) return invalid('primaryEntity', 'primaryEntity.Id must be a positive whole number.');
  if (ownerId !== null && !entity.ownerField) return invalid('primaryEntity', 'This grid has no owner.');

  const mayIncludeDisabled = req.includeDisabled === true && mayShowDisabled(grid, context);
  return {
    ok: true,
    plan: {
      grid, entity, ownerId,
      // the grid's own `rows` rule narrows what the record type lets the caller read (a screen of
      // the active role's organizations, while another role held may read more)
      scope: grid.rows === undefined ? compileRowScope(entity.access.read, context) : junction('and', [compileRowScope(entity.access.read, context), compileRowScope(grid.rows, context)]),
      filters, sort,
      offset: from - 1,
      limit: to - from + 1,
      includeDisabled: mayIncludeDisabled,
    },
  };
}

/** Whether the caller may tick Include Disabled on this grid (absent rule: nobody). */
export function mayShowDisabled(grid: Grid, context: RuleContext): boolean {
  return ruleHolds(grid.includeDisabled, context);
}
