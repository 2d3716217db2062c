import type { Knex } from 'knex';
import { writeAudit } from '../../data/audit.js';
import type { Database } from '../../data/db.js';
import { currentSessionColumns, nextSessionGeneration } from '../../data/user-store.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import type { AppContext } from '../../app-context.js';
import { auditSubject } from '../audit-subject.js';
import { sessionsEndedInRequest } from '../../metadata/registry-holder.js';


/** Why a person's sessions were ended (the audit row's detail). */
export type SessionEndReason = 'password-change' | 'password-reset' | 'locked' | 'automatic-lock' | 'archived' | 'role-removed';

/**
 * Ends every session of a person: the session generation on the user row goes up, so each token
 * signed before (it carries the generation it was signed with) gets 401 on its next request, on
 * every server instance, because the check reads the row. Call it in the change's transaction.
 * When people end their own sessions (a password change, giving up a role), the request doing it
 * answers with a new token for the session it came from (see the auth plugin). Once the change
 * commits, the live channel tells every instance's hub to close the person's open connections.
 */
export async function endSessions(trx: Knex.Transaction, ctx: Pick<AppContext, 'live' | 'registry'>, userId: number, reason: SessionEndReason, actorId: number | null): Promise<number> {
  const generation = await nextSessionGeneration(trx, userId);
  await writeAudit(trx, { userId: actorId, action: 'auth.sessions-ended', ...auditSubject(ctx.registry, 'User', userId), detail: { reason } });
  if (actorId === userId) sessionsEndedInRequest()?.add(userId);
  signalAfterCommit(trx, ctx.live, { kind: 'sessions-ended', userId });
  return generation;
}

/**
 * Whether a token of this person signed with this generation still opens a session: the account
 * exists, is not archived (disabled), not locked (by an administrator or automatically, until
 * the lock expires) and its sessions were not ended since. One read by primary key per request,
 * a statement prepared once (never cached across requests: an ending applies at once everywhere).
 * Not for use inside a transaction (it reads on a connection of the pool).
 */
export async function sessionIsCurrent(db: Database, userId: number, generation: number, now = Date.now()): Promise<boolean> {
  const row = await currentSessionColumns(db, userId);
  if (!row || row.locked || row.disabled) return false;
  if (row.locked_until && new Date(row.locked_until).getTime() > now) return false;
  return Number(row.session_generation) === generation;
}
