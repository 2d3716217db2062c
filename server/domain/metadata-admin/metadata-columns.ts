import type { Knex } from 'knex';
import type { AdminProblem } from '../../../engine/metadata/admin-contract.js';
import { keyString, kindOfPath, mergedDocuments, type AdminLayer } from '../../../engine/metadata/admin-documents.js';
import { isExtensionField, type Entity } from '../../../engine/metadata/entity-schema.js';
import { jsonEqual } from '../../../engine/metadata/json-equal.js';
import { isPlainObject } from '../../../engine/metadata/overlay.js';
import type { MetadataFile, Registry } from '../../../engine/metadata/registry.js';
import type { AppContext } from '../../app-context.js';
import { columnNames, columnOf } from '../../data/entity-columns.js';
import { adminProblem } from './metadata-layer.js';
import { adminText } from './metadata-texts.js';

/** The column names of a table or view (none when it does not exist), asked once per name. */
export type ColumnsOf = (table: string) => Promise<ReadonlySet<string>>;

export function columnReader(knex: Knex): ColumnsOf {
  const cache = new Map<string, Promise<ReadonlySet<string>>>();
  return (table) => {
    let columns = cache.get(table);
    if (!columns) {
      columns = columnNames(knex, table);
      cache.set(table, columns);
    }
    return columns;
  };
}

/** A message of a missing table or column: a pointer inside the entity document and the text's key and parameters. */
export interface ColumnProblem {
  pointer: string;
  key: 'noTable' | 'noColumn' | 'noExtColumn';
  params: Record<string, string>;
}

/**
 * What a table entity reads that the database lacks: its table (and view), the column of each field
 * that has one (in the view when it is read from one), and `ext` on the table when it has extension
 * fields. A
 * field added without a migration has no column: it needs `"storage": "extension"`.
 */
export async function missingColumns(columnsOf: ColumnsOf, entity: Entity): Promise<ColumnProblem[]> {
  if (entity.storage.kind !== 'table') return [];
  const { table, view } = entity.storage;
  const written = await columnsOf(table);
  const read = view === undefined ? written : await columnsOf(view);
  const problems: ColumnProblem[] = [];
  if (written.size === 0) problems.push({ pointer: '/storage/table', key: 'noTable', params: { table } });
  if (view !== undefined && read.size === 0) problems.push({ pointer: '/storage/view', key: 'noTable', params: { table: view } });
  if (problems.length > 0) return problems;
  entity.fields.forEach((field, i) => {
    if (isExtensionField(field)) {
      if (!written.has('ext')) problems.push({ pointer: `/fields/${i}`, key: 'noExtColumn', params: { field: field.id, table } });
      return;
    }
    const column = columnOf(entity, field.id);
    if (column !== null && !read.has(column)) problems.push({ pointer: `/fields/${i}`, key: 'noColumn', params: { field: field.id, column, table: view ?? table } });
  });
  return problems;
}

/**
 * The missing tables and columns of the table entities a new layer changes (fields or storage not
 * those of the files): a read of such an entity would fail on every request. Each table is asked
 * once per call.
 */
export async function layerColumnProblems(ctx: AppContext, files: readonly MetadataFile[], after: readonly MetadataFile[], layer: AdminLayer, registry: Registry): Promise<AdminProblem[]> {
  const fromFiles = mergedDocuments(files);
  const merged = mergedDocuments(after);
  const columnsOf = columnReader(ctx.db.knex);
  const out: AdminProblem[] = [];
  for (const [file, data] of Object.entries(layer)) {
    if (kindOfPath(file) !== 'entity' || !isPlainObject(data)) continue;
    const entity = registry.entities.get(Number(data.id));
    if (!entity || entity.storage.kind !== 'table') continue;
    const key = keyString({ kind: 'entity', id: String(entity.id) });
    const now = merged.get(key)?.value;
    const then = fromFiles.get(key)?.value;
    if (isPlainObject(now) && isPlainObject(then) && jsonEqual(now.fields, then.fields) && jsonEqual(now.storage, then.storage)) continue;
    for (const p of await missingColumns(columnsOf, entity)) out.push(adminProblem({ file, pointer: p.pointer, message: adminText(ctx, p.key, p.params) }, layer));
  }
  return out;
}
