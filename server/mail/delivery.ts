import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createTransport } from 'nodemailer';
import type { AppContext } from '../app-context.js';
import { nowIso } from '../data/clock.js';
import { serialRunner } from '../data/serial-runner.js';
import { claimRows } from '../jobs/claim-rows.js';

export interface DeliveryResult {
  sent: number;
  failed: number;
  /** true when SMTP_URL is not set: the mail stays in the outbox */
  skipped: boolean;
}

export interface Mailer {
  /** claims and sends every message that is due now; concurrent calls run one after the other */
  deliverNow: () => Promise<DeliveryResult>;
  /** waits for the delivery in progress (the app's close) */
  stop: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The job that delivers the outbox (server/jobs). */
export const MAIL_DELIVERY_JOB = 'mail-delivery';
/** A claimed message that is not marked sent or failed within this time is sent again (at least once). */
export const LEASE_MS = 10 * 60_000;
/** After this many failed attempts a message is kept with status 'failed' and no longer retried. */
export const MAX_ATTEMPTS = 20;
const BATCH = 50;

/** Wait before the next attempt: 30 s doubling per attempt, at most one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface OutboxRow { id: number; to_address: string; subject: string; html: string; text: string | null; attempts: number }

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Outbox statuses (the Outbox screen): pending (waiting, or waiting to be retried), sending
 * (claimed by one worker: its lease in next_attempt_at), sent, failed (given up).
 */
export function createMailer(ctx: AppContext, log: FastifyBaseLogger): Mailer {
  const knex = ctx.db.knex;
  let warned = false;

  const claim = () => claimRows<OutboxRow>(ctx.db, {
    table: 'outbox',
    due: (q) => { void q.whereIn('status', ['pending', 'sending']).andWhere('next_attempt_at', '<=', nowIso()); },
    set: { status: 'sending', attempts: knex.raw('attempts + 1'), next_attempt_at: later(LEASE_MS) },
    columns: ['id', 'to_address', 'subject', 'html', 'text', 'attempts'],
    orderBy: ['next_attempt_at', 'id'],
    limit: BATCH,
  });

  async function run(): Promise<DeliveryResult> {
    const smtpUrl = ctx.config.smtpUrl;
    if (!smtpUrl) {
      if (!warned) log.warn('SMTP_URL is not set: e-mail stays in the outbox (status pending) until it is; the System Administrator reads it on Dashboard > Outbox.');
      warned = true;
      return { sent: 0, failed: 0, skipped: true };
    }
    const result: DeliveryResult = { sent: 0, failed: 0, skipped: false };
    const from = `"${ctx.registry.tenant.productName.replace(/"/g, '')}" <no-reply@${new URL(ctx.config.publicUrl).hostname}>`;
    const transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from });
    try {
      for (;;) {
        const claimed = await claim();
        for (const m of claimed) {
          const mine = knex('outbox').where({ id: m.id, attempts: m.attempts, status: 'sending' }); // still this worker's claim
          try {
            await transport.sendMail({ to: m.to_address, subject: m.subject, html: m.html, text: m.text ?? undefined });
            await mine.update({ status: 'sent', sent_at: nowIso(), last_error: null });
            result.sent += 1;
          } catch (e) {
            const error = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
            const final = m.attempts >= MAX_ATTEMPTS;
            await mine.update({ status: final ? 'failed' : 'pending', last_error: error, next_attempt_at: later(backoffMs(m.attempts)) });
            log.warn({ outboxId: m.id, attempts: m.attempts, error }, final ? 'e-mail failed for good' : 'e-mail not sent; will retry');
            result.failed += 1;
          }
        }
        if (claimed.length < BATCH) return result;
      }
    } finally {
      transport.close();
    }
  }

  const runner = serialRunner(run, log, 'e-mail delivery run failed');
  return { deliverNow: runner.runNow, stop: runner.stop };
}

/** Decorates the app with its mailer (buildApp); delivery waits for the run in progress when the app closes. */
export function registerMailer(app: FastifyInstance): void {
  app.decorate('mailer', createMailer(app.ctx, app.log));
  app.addHook('preClose', async () => app.mailer.stop());
}
