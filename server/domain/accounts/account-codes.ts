import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { codesOf, insertCode, type CodePurpose } from '../../data/account-code-store.js';

export { claimCode, spendCodes, type CodePurpose } from '../../data/account-code-store.js';

/** Confirmation links live 24 hours (spec part 1 section 9), secondary-address links too; reset links 2 hours. */
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = { confirm: 24 * 3_600_000, reset: 2 * 3_600_000, secondary: 24 * 3_600_000 };

export type CodeCheck = 'valid' | 'expired' | 'used' | 'unknown';

/** The stored form of a code: its SHA-256 hash (hex). */
export const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/** A new random one-time code for an e-mailed link (24 random bytes, URL-safe). */
export const newCode = () => randomBytes(24).toString('base64url');

/** Whether a presented code is the one whose hash is stored (compared in constant time). */
export const codeMatches = (storedHash: string, code: string) => timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(hashCode(code), 'hex'));

/** A new random code (stored only as its SHA-256 hash); answers the code for the e-mail link. */
export async function issueCode(trx: Knex.Transaction, userId: number, purpose: CodePurpose): Promise<string> {
  const code = newCode();
  const now = Date.now();
  await insertCode(trx, {
    userId, purpose, codeHash: hashCode(code),
    expiresAt: new Date(now + CODE_LIFETIME_MS[purpose]).toISOString(), createdAt: new Date(now).toISOString(),
  });
  return code;
}

/** What a presented code is worth; the row id comes with a valid (or used) one. */
export async function checkCode(knex: Knex, userId: number, purpose: CodePurpose, code: string): Promise<{ state: CodeCheck; id?: number }> {
  const wanted = Buffer.from(hashCode(code), 'hex');
  const rows = await codesOf(knex, userId, purpose);
  const row = rows.find((r) => timingSafeEqual(Buffer.from(r.code_hash, 'hex'), wanted));
  if (!row) return { state: 'unknown' };
  if (row.used_at) return { state: 'used', id: row.id };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { state: 'expired', id: row.id };
  return { state: 'valid', id: row.id };
}
