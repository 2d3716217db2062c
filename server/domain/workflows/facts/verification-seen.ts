import type { Row } from '../../../data/entity-store.js';
import { viewMarks } from '../../verification/verification-target.js';
import type { FactReader } from './fact-registry.js';

/** Whether the caller viewed each record through the verification view since it last changed, and downloaded its file (when it holds one). */
export const verificationSeen: FactReader = async (ctx, context, entity, rows) => {
  const out = new Map<number, unknown>();
  for (const row of rows) {
    const marks = await viewMarks(ctx.db.knex, entity, row as Row, context.user.id);
    out.set(Number(row.id), marks.viewed && marks.downloaded);
  }
  return out;
};
