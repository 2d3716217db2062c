import type { Knex } from 'knex';
import { dropExpiredRevocations, insertRevocation, revocations } from '../../data/revoked-token-store.js';
import { signalAfterCommit, type LiveChannel } from '../../realtime/live-channel.js';

/**
 * Tokens revoked by logout. Checked on every request from an in-memory map (no database read);
 * the table keeps revocations across restarts and is read once at start. The other server
 * instances learn of a revocation through the live channel (a 'token-revoked' signal once it commits).
 */
export class RevokedTokens {
  /** jti -> expiry (epoch ms) */
  private readonly revoked = new Map<string, number>();

  constructor(private readonly knex: Knex, private readonly live: LiveChannel) {
    live.listen((signal) => {
      if (signal.kind === 'token-revoked') this.remember(signal.jti, signal.exp);
      // revocations of other instances may have been missed: read them again
      if (signal.kind === 'resync') void this.load().catch(() => undefined);
    });
  }

  /** Drops expired rows and loads the others. */
  async load(): Promise<void> {
    await dropExpiredRevocations(this.knex);
    for (const r of await revocations(this.knex)) this.revoked.set(r.jti, new Date(r.expires_at).getTime());
  }

  has(jti: string | undefined): boolean {
    return jti !== undefined && this.revoked.has(jti);
  }

  /** Revokes a token until its expiry (epoch seconds) and prunes what has expired. */
  async revoke(trx: Knex | Knex.Transaction, jti: string, userId: number, expSeconds: number): Promise<void> {
    const expiresAt = new Date(expSeconds * 1000).toISOString();
    await insertRevocation(trx, jti, userId, expiresAt);
    await dropExpiredRevocations(trx);
    this.remember(jti, expSeconds);
    signalAfterCommit(trx, this.live, { kind: 'token-revoked', userId, jti, exp: expSeconds });
  }

  /** Refuses a token revoked here or on another instance from now on (until its expiry, epoch seconds). */
  remember(jti: string, expSeconds: number): void {
    this.revoked.set(jti, expSeconds * 1000);
    this.prune();
  }

  private prune(): void {
    const now = Date.now();
    for (const [jti, exp] of this.revoked) if (exp < now) this.revoked.delete(jti);
  }
}
