import { currentTransaction } from '../../../data/db.js';
import type { Row } from '../../../data/entity-store.js';
import { viewMarks } from '../../verification/verification-target.js';
import type { FactReader } from './fact-reader.js';

/** Whether the caller viewed each record through the verification view since it last changed, and downloaded its file (when it holds one). */
export const verificationSeen: FactReader = async (ctx, context, entity, rows) => {
  const out = new Map<number, unknown>();
  // inside the step's transaction when there is one (SQLite has one connection)
  const knex = currentTransaction() ?? ctx.db.knex;
  for (const row of rows) {
    const marks = await viewMarks(knex, entity, row as Row, context.user.id);
    out.set(Number(row.id), marks.viewed && marks.downloaded);
  }
  return out;
};
