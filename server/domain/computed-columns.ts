import { claimAbove } from '../../engine/lattice/lattice-level.js';
import type { ComputedColumnName, Grid, GridColumn } from '../../engine/metadata/grid-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import { claimedLevels } from '../data/lattice-facts-store.js';
import { latticeOf, standingsOf } from './lattice/lattice-standing.js';

type Row = Record<string, unknown>;
/** Fills `column.propertyName` on each row of a page (the rows the caller may already read). */
type ComputeColumn = (ctx: AppContext, context: RuleContext, column: GridColumn, rows: Row[]) => Promise<void>;

const param = (column: GridColumn, name: string): string => column.computed?.params?.[name] ?? name;
const personIds = (rows: Row[], field: string) => rows.map((r) => Number(r[field])).filter((n) => Number.isInteger(n) && n > 0);
const text = (ctx: AppContext, key: string) => ctx.registry.texts[key] ?? key;

/** The level a person's verified records reach, by its label (params: person). */
const latticeLevel: ComputeColumn = async (ctx, context, column, rows) => {
  const person = param(column, 'person');
  const standings = await standingsOf(ctx, context, personIds(rows, person));
  for (const row of rows) {
    const level = standings.get(Number(row[person]))?.level;
    row[column.propertyName] = level ? text(ctx, level.label) : text(ctx, 'lattice.noLevel');
  }
};

/** 'Yes' where the row's claimed level is above what the person's verified records reach (params: person, claimed). */
const latticeClaimAbove: ComputeColumn = async (ctx, context, column, rows) => {
  const { lattice } = latticeOf(ctx);
  const person = param(column, 'person');
  const standings = await standingsOf(ctx, context, personIds(rows, person));
  for (const row of rows) {
    row[column.propertyName] = claimAbove(lattice, row[param(column, 'claimed')], standings.get(Number(row[person]))?.level ?? null) ? text(ctx, 'lattice.claimAbove') : '';
  }
};

/**
 * On a verification request of a claimed level: "Claims Level 5; records reach Level 3" when the
 * claim is above the records, empty otherwise and on other record types (params: person,
 * entityTypeId, entityId).
 */
const latticeClaimCheck: ComputeColumn = async (ctx, context, column, rows) => {
  const { lattice } = latticeOf(ctx);
  const entity = ctx.registry.entities.get(lattice.claimed.entityTypeId);
  const mine = rows.filter((r) => Number(r[param(column, 'entityTypeId')]) === lattice.claimed.entityTypeId);
  for (const row of rows) row[column.propertyName] = '';
  if (!entity || mine.length === 0) return;
  const claims = new Map((await claimedLevels(ctx.db, entity, lattice.claimed.field, { recordIds: mine.map((r) => Number(r[param(column, 'entityId')])) })).map((c) => [c.id, c]));
  const person = param(column, 'person');
  const standings = await standingsOf(ctx, context, personIds(mine, person));
  for (const row of mine) {
    const claim = claims.get(Number(row[param(column, 'entityId')]));
    const level = standings.get(Number(row[person]))?.level ?? null;
    if (!claim || !claimAbove(lattice, claim.level, level)) continue;
    row[column.propertyName] = text(ctx, 'lattice.claimCheck').replace('{claimed}', claim.level ?? '').replace('{computed}', level ? text(ctx, level.label) : text(ctx, 'lattice.noLevel'));
  }
};

/** The functions a grid column may name in `computed.name`. */
export const COMPUTED_COLUMNS: Readonly<Record<ComputedColumnName, ComputeColumn>> = { latticeLevel, latticeClaimAbove, latticeClaimCheck };

/** Fills the grid's computed columns on a page of rows (none: nothing to do). */
export async function withComputedColumns(ctx: AppContext, context: RuleContext, grid: Grid, rows: Row[]): Promise<void> {
  for (const column of grid.columns) {
    const compute = column.computed ? COMPUTED_COLUMNS[column.computed.name] : undefined;
    if (compute) await compute(ctx, context, column, rows);
  }
}
