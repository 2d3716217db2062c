import type { Knex } from 'knex';

/** reference_requests (entity 34): a professional's request for a reference, with its one-time link's hash. */
export const REFERENCE_REQUEST_TABLE = 'reference_requests';

/** A request as the referee's link reads it. */
export interface ReferenceRequestRow {
  id: number;
  userId: number;
  refereeName: string;
  refereeEmail: string;
  message: string | null;
  state: string;
  codeHash: string | null;
  expiresAt: string | null;
}

type Db = Knex | Knex.Transaction;

/** The request (`lock`: for update, in a transaction), or null. */
export async function referenceRequestById(db: Db, id: number, lock = false): Promise<ReferenceRequestRow | null> {
  let q = db(REFERENCE_REQUEST_TABLE).where({ id }).first('id', 'user_id', 'referee_name', 'referee_email', 'message', 'state', 'code_hash', 'expires_at');
  if (lock && db.client.config.client === 'pg') q = q.forUpdate();
  const r = (await q) as Record<string, unknown> | undefined;
  if (!r) return null;
  const at = r.expires_at;
  return {
    id: Number(r.id), userId: Number(r.user_id), refereeName: String(r.referee_name), refereeEmail: String(r.referee_email),
    message: (r.message as string | null) ?? null, state: String(r.state), codeHash: (r.code_hash as string | null) ?? null,
    expiresAt: at === null || at === undefined ? null : at instanceof Date ? at.toISOString() : new Date(String(at)).toISOString(),
  };
}

/** Stores the link's code hash and its end. */
export async function setRequestLink(trx: Knex.Transaction, id: number, codeHash: string, expiresAt: string): Promise<void> {
  await trx(REFERENCE_REQUEST_TABLE).where({ id }).update({ code_hash: codeHash, expires_at: expiresAt });
}

/** The reference the answer made (the link is spent by the request leaving the requested state). */
export async function noteAnswer(trx: Knex.Transaction, id: number, referenceId: number | null): Promise<void> {
  await trx(REFERENCE_REQUEST_TABLE).where({ id }).update({ reference_id: referenceId });
}

/** How many requests the person made since an instant (the daily limit). */
export async function referenceRequestsSince(trx: Knex.Transaction, userId: number, since: string): Promise<number> {
  const r = (await trx(REFERENCE_REQUEST_TABLE).where({ user_id: userId }).where('created_at', '>=', since).count({ c: '*' }).first()) as { c: number | string } | undefined;
  return Number(r?.c ?? 0);
}
