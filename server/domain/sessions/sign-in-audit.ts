import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { writeAudit } from '../../data/audit.js';
import { auditSubject } from '../audit-subject.js';

/** Outcomes of a sign-in attempt as the audit trail records them. */
export type SignInOutcome = 'success' | 'wrong-password' | 'unknown-user' | 'locked' | 'account-locked' | 'unconfirmed' | 'api-only' | 'archived';

/** One audit row per sign-in attempt: who, what, when (UTC, by writeAudit), from where (IP), outcome. */
export async function auditSignIn(trx: Knex | Knex.Transaction, request: FastifyRequest, action: string, userId: number | null, outcome: SignInOutcome, extra: Record<string, unknown> = {}): Promise<void> {
  const subject = userId === null ? {} : auditSubject(request.server.ctx.registry, 'User', userId);
  await writeAudit(trx, { userId, action, ...subject, detail: { ip: request.ip, outcome, ...extra } });
}
