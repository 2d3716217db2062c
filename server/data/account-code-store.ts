import type { Knex } from 'knex';
import { nowIso } from './clock.js';

/** account_codes: the one-time codes of e-mail links, stored only as their hash; used_at spends one. */

/** confirm: the account; reset: a new password; secondary: a new secondary e-mail address. */
export type CodePurpose = 'confirm' | 'reset' | 'secondary';

/** A stored code. */
export interface CodeRow { id: number; code_hash: string; expires_at: string; used_at: string | null }

/** Stores a new code's hash, valid until `expiresAt`. */
export async function insertCode(trx: Knex.Transaction, c: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: string; createdAt: string }): Promise<void> {
  await trx('account_codes').insert({ user_id: c.userId, purpose: c.purpose, code_hash: c.codeHash, expires_at: c.expiresAt, created_at: c.createdAt });
}

/** Every code of this purpose the person was sent, spent or not. */
export async function codesOf(db: Knex | Knex.Transaction, userId: number, purpose: CodePurpose): Promise<CodeRow[]> {
  return (await db('account_codes').where({ user_id: userId, purpose }).select('id', 'code_hash', 'expires_at', 'used_at')) as CodeRow[];
}

/** Spends every outstanding code of this purpose (a used link never works again). */
export async function spendCodes(trx: Knex.Transaction, userId: number, purpose: CodePurpose): Promise<void> {
  await trx('account_codes').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: nowIso() });
}

/** Spends one code unless it was spent already; false when another request got there first. */
export async function claimCode(trx: Knex.Transaction, id: number): Promise<boolean> {
  return (await trx('account_codes').where({ id }).whereNull('used_at').update({ used_at: nowIso() })) === 1;
}
