import { FILTER_OPERATIONS, type FilterOperation, type GridColumn } from '../../engine/metadata/grid-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { exportFileName, formatCell } from '../../engine/text/format.js';
import type { AppContext } from '../app-context.js';
import { writeAudit } from '../data/audit.js';
import { fetchAllRows } from '../data/grid-query.js';
import { forbidden, invalid } from '../errors.js';
import { planOrThrow } from '../routes/grid.js';
import { renderCsv } from './render-csv.js';
import { renderPdf } from './render-pdf.js';

export interface FlatFileRequest {
  formId: number;
  entityType: number;
  primaryEntityId?: number | null;
  filters?: { column: string; value?: string | number | boolean | null; operation?: string }[] | null;
  altGridId?: string | null;
  includeDisabled?: boolean;
  reportName?: string;
  reportTime?: string;
  fileType?: 'csv' | 'pdf';
}

/** The most rows one export holds. */
export const EXPORT_MAX_ROWS = 50_000;

function operation(op: string | undefined): FilterOperation | undefined {
  if (op === undefined) return undefined;
  if (!(FILTER_OPERATIONS as readonly string[]).includes(op)) throw invalid(`Unknown filter operation '${op}'.`, { filters: 'Unknown filter operation.' });
  return op as FilterOperation;
}

/** POST /api/form/flatfile: the grid's rows in the caller's scope as CSV or PDF, time-stamped. */
export async function exportGrid(ctx: AppContext, context: RuleContext, req: FlatFileRequest) {
  const fileType = req.fileType ?? 'csv';
  const plan = await planOrThrow(ctx, {
    formId: req.formId, entityTypeId: req.entityType, altGridId: req.altGridId ?? null, from: 1, to: 1,
    includeDisabled: req.includeDisabled ?? false,
    primaryEntity: req.primaryEntityId ? { Id: req.primaryEntityId } : null,
    filterInfo: (req.filters ?? []).map((f) => ({ column: f.column, value: f.value ?? null, operation: operation(f.operation) })),
  }, context);
  if (!(plan.grid.exports ?? []).includes(fileType)) throw forbidden();
  const rows = await fetchAllRows(ctx.db, plan, EXPORT_MAX_ROWS);
  const columns = plan.grid.columns.filter((c: GridColumn) => !c.hidden);
  const cells = rows.map((r) => columns.map((c) => formatCell(c, r[c.propertyName], ctx.registry.tenant.timeZone)));
  const title = plan.entity.displayName ?? plan.entity.name;
  const fileName = exportFileName(req.reportName ?? ctx.registry.tenant.productName, title, fileType, new Date(), ctx.registry.tenant.timeZone);
  await writeAudit(ctx.db.knex, { userId: context.user.id, action: 'grid.export', entityTypeId: plan.entity.id, detail: { gridId: plan.grid.id, fileType, rows: rows.length, ownerId: plan.ownerId } });
  const headers = columns.map((c) => c.columnName);
  return fileType === 'csv'
    ? { fileName, contentType: 'text/csv; charset=utf-8', body: renderCsv(headers, cells) }
    : { fileName, contentType: 'application/pdf', body: await renderPdf(title, headers, cells) };
}
