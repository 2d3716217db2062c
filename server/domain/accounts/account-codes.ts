import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { nowIso } from '../../data/clock.js';

/** confirm: the account; reset: a new password; secondary: a new secondary e-mail address. */
export type CodePurpose = 'confirm' | 'reset' | 'secondary';

/** Confirmation links live 24 hours (spec part 1 section 9), secondary-address links too; reset links 2 hours. */
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = { confirm: 24 * 3_600_000, reset: 2 * 3_600_000, secondary: 24 * 3_600_000 };

interface CodeRow { id: number; code_hash: string; expires_at: string; used_at: string | null }

export type CodeCheck = 'valid' | 'expired' | 'used' | 'unknown';

const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/** A new random code (stored only as its SHA-256 hash); answers the code for the e-mail link. */
export async function issueCode(trx: Knex.Transaction, userId: number, purpose: CodePurpose): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  const now = Date.now();
  await trx('account_codes').insert({
    user_id: userId, purpose, code_hash: hashCode(code),
    expires_at: new Date(now + CODE_LIFETIME_MS[purpose]).toISOString(), created_at: new Date(now).toISOString(),
  });
  return code;
}

/** What a presented code is worth; the row id comes with a valid (or used) one. */
export async function checkCode(knex: Knex, userId: number, purpose: CodePurpose, code: string): Promise<{ state: CodeCheck; id?: number }> {
  const wanted = Buffer.from(hashCode(code), 'hex');
  const rows = (await knex('account_codes').where({ user_id: userId, purpose }).select('id', 'code_hash', 'expires_at', 'used_at')) as CodeRow[];
  const row = rows.find((r) => timingSafeEqual(Buffer.from(r.code_hash, 'hex'), wanted));
  if (!row) return { state: 'unknown' };
  if (row.used_at) return { state: 'used', id: row.id };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { state: 'expired', id: row.id };
  return { state: 'valid', id: row.id };
}

/** Spends every outstanding code of this purpose (a used link never works again). */
export async function spendCodes(trx: Knex.Transaction, userId: number, purpose: CodePurpose): Promise<void> {
  await trx('account_codes').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: nowIso() });
}

/** Spends one code if nobody spent it meanwhile; false when another request got there first. */
export async function claimCode(trx: Knex.Transaction, id: number): Promise<boolean> {
  return (await trx('account_codes').where({ id }).whereNull('used_at').update({ used_at: nowIso() })) === 1;
}
