import type { Knex } from 'knex';
import { nowIso } from './clock.js';

/** revoked_tokens: session tokens revoked by logout, kept until they expire. */

/** Drops the revocations of tokens that have expired. */
export async function dropExpiredRevocations(db: Knex | Knex.Transaction): Promise<void> {
  await db('revoked_tokens').where('expires_at', '<', nowIso()).delete();
}

/** Every revocation kept: the token id and its expiry. */
export async function revocations(db: Knex | Knex.Transaction): Promise<{ jti: string; expires_at: string | Date }[]> {
  return (await db('revoked_tokens').select('jti', 'expires_at')) as { jti: string; expires_at: string | Date }[];
}

/** Revokes a token until its expiry (a second revocation of it changes nothing). */
export async function insertRevocation(db: Knex | Knex.Transaction, jti: string, userId: number, expiresAt: string): Promise<void> {
  await db('revoked_tokens').insert({ jti, user_id: userId, expires_at: expiresAt }).onConflict('jti').ignore();
}
