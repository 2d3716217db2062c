import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterKind } from '../../../engine/grid/filter-input.js';
import { fieldType } from '../../../engine/grid/plan-grid-query.js';
import { rowEntityTypeId, type Grid, type GridColumn } from '../../../engine/metadata/grid-schema.js';
import { defaultRole, effectiveRole } from '../../../engine/access/role-duties.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import { GridFilterDialog } from './grid-filter-dialog.js';
import { formatDate } from '../../../engine/text/format.js';
import { GridLegend } from './grid-legend.js';
import { GridPager } from './grid-pager.js';
import { GridTable } from './grid-table.js';
import { GridToolbar } from './grid-toolbar.js';
import type { DataGridProps, GridRow, RowActionSet } from './grid-types.js';
import { hasAnyAction, rowActionSet } from './row-actions.js';
import { displayColumnsOf } from './row-name.js';
import { useGridActions } from './use-grid-actions.js';
import { useGridData } from './use-grid-data.js';
import { useTransitionSteps } from '../workflow/use-transition-steps.js';
import { targetOf, transitionsOf } from '../workflow/offered-transition.js';
import './data-grid.css';

export type { DataGridProps, GridRow } from './grid-types.js';

/** The one data grid of the product: every grid of the metadata, server-side paging, sort and filter. */
export function DataGrid(props: DataGridProps) {
  const m = useMetadata();
  const grid = m.grid(props.gridId);
  if (!grid) {
    return (
      <div className="usa-alert usa-alert--error usa-alert--slim">
        <div className="usa-alert__body"><p className="usa-alert__text">{m.text('grid.unknown', { id: props.gridId })}</p></div>
      </div>
    );
  }
  // Another grid or another person starts afresh: page 1, initial sort, no filter, no selection.
  return <GridView key={`${grid.id}:${props.primaryEntity?.Id ?? ''}`} grid={grid} {...props} />;
}

function GridView({ grid, primaryEntity, onOpenForm, onRowAction, offeredActions, defaultFilters, caption, onSelectionChange, onRowsChange, rowFacts }: DataGridProps & { grid: Grid }) {
  const m = useMetadata();
  const text = m.text;
  const context = useRuleContext();
  const entity = m.entity(grid.entityTypeId);
  const rowEntity = m.entity(rowEntityTypeId(grid));
  const entityName = entity?.displayName ?? entity?.name ?? text('grid.record');
  const tableCaption = caption ?? text('grid.caption', { entity: entityName });
  const captionId = useId();
  const regionRef = useRef<HTMLDivElement>(null);
  const data = useGridData(grid, primaryEntity, defaultFilters);
  const actions = useGridActions({ grid, primaryEntity, data, regionRef, onOpenForm });
  const [filtering, setFiltering] = useState<GridColumn | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => { onRowsChange?.(data.rows); }, [data.rows, onRowsChange]);

  const columns = useMemo(() => grid.columns.filter((c) => !c.hidden), [grid]);
  const nameColumns = useMemo(() => displayColumnsOf(grid), [grid]);
  const kindOf = (c: GridColumn) => filterKind(rowEntity ? fieldType(rowEntity, c.propertyName) : null, c);
  const summary = data.summary;

  const rowActions = useMemo(() => {
    const extra = onRowAction ? (grid.rowActions ?? []).filter((a) => !offeredActions || offeredActions.has(a.id)) : [];
    const map = new Map<number, RowActionSet>();
    for (const row of data.rows) map.set(row.id, rowActionSet(rowFacts ? { ...row, ...rowFacts(row) } : row, extra, context, grid.stepsLast === true));
    return [...map.values()].some(hasAnyAction) ? map : null;
  }, [data.rows, grid.rowActions, onRowAction, offeredActions, context, rowFacts]);

  // Selected rows are reported as rows; a selection survives paging until Clear Selected.
  const seen = useRef(new Map<number, GridRow>());
  for (const row of data.rows) seen.current.set(row.id, row);
  useEffect(() => {
    onSelectionChange?.([...selected].map((id) => seen.current.get(id)).filter((r): r is GridRow => r !== undefined));
  }, [selected, onSelectionChange]);
  // the workflow steps: one row's (the server offers them with the row), and the chosen rows' together
  const steps = useTransitionSteps();
  const rowTypeId = rowEntityTypeId(grid);
  const firstTarget = data.rows[0] ? targetOf(data.rows[0], rowTypeId) : null;
  const workflow = m.workflowOf(firstTarget?.entityTypeId ?? rowTypeId);
  const chosen = [...selected].map((id) => seen.current.get(id)).filter((r): r is GridRow => r !== undefined);
  const bulkSteps = grid.multiRowSelect && workflow ? workflow.transitions.filter((t) => t.bulk).map((t) => ({
    id: t.id, label: text(t.bulk!.label), enabled: chosen.some((r) => transitionsOf(r).some((o) => o.id === t.id && o.disabledReason === undefined)),
  })) : [];
  const takeBulkStep = async (transitionId: string) => {
    if (!workflow || !(await steps.takeSteps(workflow, transitionId, chosen.map((r) => targetOf(r, rowTypeId))))) return;
    setSelected(new Set());
    data.reload();
  };
  const select = (row: GridRow, on: boolean) => setSelected((s) => {
    const next = new Set(s);
    if (on) next.add(row.id); else next.delete(row.id);
    return next;
  });

  const filterColumn = data.filter ? (grid.columns.find((c) => c.propertyName === data.filter?.column) ?? null) : null;
  const showLegend = effectiveRole(context) === defaultRole(m.roleById);
  const { timeZone } = m.tenant;

  return (
    <div className="data-grid">
      <GridToolbar
        entityName={entityName}
        showAdd={summary?.canAdd === true && grid.addNew !== false}
        exports={grid.exports ?? []}
        exporting={actions.exporting}
        showIncludeDisabled={summary?.canIncludeDisabled === true}
        includeDisabled={data.includeDisabled}
        selectAll={grid.multiRowSelect === true && grid.allowSelectAll === true}
        clearSelection={grid.multiRowSelect === true && grid.allowClearSelection === true}
        selectedCount={grid.multiRowSelect ? selected.size : null}
        lastUpdated={summary?.maxUpdatedDate ? formatDate(summary.maxUpdatedDate, timeZone) : null}
        filter={data.filter}
        filterColumn={filterColumn}
        timeZone={timeZone}
        busy={actions.busy}
        text={text}
        onAdd={() => onOpenForm('add', null)}
        onExport={(type) => void actions.download(type)}
        onIncludeDisabled={data.setIncludeDisabled}
        onSelectAll={() => setSelected((s) => new Set([...s, ...data.rows.map((r) => r.id)]))}
        onClearSelection={() => setSelected(new Set())}
        onClearFilter={() => data.setFilter(null)}
        bulkSteps={bulkSteps}
        onBulkStep={(id) => void takeBulkStep(id)}
      />
      {showLegend && rowActions && <GridLegend text={text} />}
      <GridTable
        captionId={captionId}
        caption={tableCaption}
        columns={columns}
        nameColumns={nameColumns}
        rows={data.rows}
        actions={rowActions}
        entityName={entityName}
        sort={data.sort}
        filterColumn={data.filter?.column ?? null}
        loading={data.loading}
        busy={actions.busy}
        selected={grid.multiRowSelect ? selected : null}
        regionRef={regionRef}
        timeZone={timeZone}
        text={text}
        onSort={data.toggleSort}
        onFilter={setFiltering}
        onSelect={select}
        onStandard={(action, row) => void actions.standard(action, row)}
        onExtra={(id, row) => onRowAction?.(id, row)}
        onTransition={(step, row) => void steps.takeStep(targetOf(row, rowTypeId), step, row).then((changed) => { if (changed) data.reload(); })}
      />
      {summary && (
        <GridPager caption={tableCaption} total={summary.total} totalCapped={summary.totalCapped} page={data.page} pageSize={data.pageSize}
          rowsShown={data.rows.length} paging={grid.paging !== false} text={text} onPage={data.setPage} onPageSize={data.setPageSize} />
      )}
      {filtering && (
        <GridFilterDialog
          column={filtering}
          kind={kindOf(filtering)}
          current={data.filter?.column === filtering.propertyName ? data.filter : null}
          idLabel={m.tenant.idLabel}
          text={text}
          onApply={(f) => { data.setFilter(f); setFiltering(null); }}
          onClose={() => setFiltering(null)}
        />
      )}
    </div>
  );
}
