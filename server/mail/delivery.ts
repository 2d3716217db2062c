import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createTransport } from 'nodemailer';
import type { AppContext } from '../app-context.js';
import { nowIso } from '../data/clock.js';
import { serialRunner } from '../data/serial-runner.js';

export interface DeliveryResult {
  sent: number;
  failed: number;
  /** true when SMTP_URL is not set: the mail stays in the outbox */
  skipped: boolean;
}

export interface Mailer {
  /** sends every message that is due now; concurrent calls run one after the other */
  deliverNow: () => Promise<DeliveryResult>;
  start: (intervalMs: number) => void;
  stop: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** A claimed message that is not marked sent or failed within this time is sent again (at least once). */
export const LEASE_MS = 10 * 60_000;
/** After this many failed attempts a message is kept with status 'failed' and no longer retried. */
export const MAX_ATTEMPTS = 20;
const BATCH = 50;

/** Wait before the next attempt: 30 s doubling per attempt, at most one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface OutboxRow { id: number; to_address: string; subject: string; html: string; text: string | null; status: string; attempts: number }

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

export function createMailer(ctx: AppContext, log: FastifyBaseLogger): Mailer {
  const knex = ctx.db.knex;
  let warned = false;

  async function run(): Promise<DeliveryResult> {
    const smtpUrl = ctx.config.smtpUrl;
    if (!smtpUrl) {
      if (!warned) log.warn('SMTP_URL is not set: e-mail stays in the outbox (status pending) until it is; the System Administrator reads it on Dashboard > Outbox.');
      warned = true;
      return { sent: 0, failed: 0, skipped: true };
    }
    const due = (await knex('outbox').whereIn('status', ['pending', 'sending']).andWhere('next_attempt_at', '<=', nowIso())
      .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }]).limit(BATCH)
      .select('id', 'to_address', 'subject', 'html', 'text', 'status', 'attempts')) as OutboxRow[];
    const result: DeliveryResult = { sent: 0, failed: 0, skipped: false };
    if (due.length === 0) return result;
    const from = `"${ctx.registry.tenant.productName.replace(/"/g, '')}" <no-reply@${new URL(ctx.config.publicUrl).hostname}>`;
    const transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from });
    try {
      for (const m of due) {
        const attempts = m.attempts + 1;
        // Claim it: another instance (or a later run) skips it until the lease ends.
        const claimed = await knex('outbox').where({ id: m.id, status: m.status, attempts: m.attempts })
          .update({ status: 'sending', attempts, next_attempt_at: later(LEASE_MS) });
        if (claimed !== 1) continue;
        try {
          await transport.sendMail({ to: m.to_address, subject: m.subject, html: m.html, text: m.text ?? undefined });
          await knex('outbox').where({ id: m.id, attempts }).update({ status: 'sent', sent_at: nowIso(), last_error: null });
          result.sent += 1;
        } catch (e) {
          const error = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
          const final = attempts >= MAX_ATTEMPTS;
          await knex('outbox').where({ id: m.id, attempts })
            .update({ status: final ? 'failed' : 'pending', last_error: error, next_attempt_at: later(backoffMs(attempts)) });
          log.warn({ outboxId: m.id, attempts, error }, final ? 'e-mail failed for good' : 'e-mail not sent; will retry');
          result.failed += 1;
        }
      }
    } finally {
      transport.close();
    }
    return result;
  }

  const runner = serialRunner(run, log, 'e-mail delivery run failed');
  return { deliverNow: runner.runNow, start: runner.start, stop: runner.stop };
}

/** Decorates the app with its mailer (buildApp); delivery stops and waits when the app closes. */
export function registerMailer(app: FastifyInstance): void {
  app.decorate('mailer', createMailer(app.ctx, app.log));
  app.addHook('onClose', async () => app.mailer.stop());
}

/** Starts the background delivery (server/main.ts): every `intervalMs`, and once right away. */
export function startMailDelivery(app: FastifyInstance, intervalMs = 15_000): void {
  app.mailer.start(intervalMs);
}
