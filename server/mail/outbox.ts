import type { Knex } from 'knex';
import type { AppContext } from '../app-context.js';
import { formatDateTime } from '../../engine/text/format.js';
import { nowIso } from '../data/clock.js';
import { renderMail, type MailData } from './render-mail.js';
import { MAIL_DELIVERY_JOB } from './delivery.js';
import { insertedId } from '../data/inserted-id.js';
import { wakeAfterCommit } from '../jobs/wake-after-commit.js';

export interface OutgoingMail {
  to: string;
  /** a template name: metadata/emails/<template>.mjml (or the tenant's override) */
  template: string;
  data: MailData;
}

/** Values every template may use besides its own data; `writtenAt` is the date and time in the tenant's time zone. */
export function commonMailData(ctx: Pick<AppContext, 'config' | 'registry'>): MailData {
  const t = ctx.registry.tenant;
  return { productName: t.productName, idLabel: t.idLabel, termsTitle: t.termsTitle, publicUrl: ctx.config.publicUrl.replace(/\/+$/, ''), writtenAt: formatDateTime(nowIso(), t.timeZone) };
}

/**
 * Renders the template and writes the message to the outbox in the caller's transaction, so the
 * mail exists exactly when the change that causes it is committed. The delivery job is woken once it is.
 */
export async function queueMail(trx: Knex.Transaction, mail: OutgoingMail, ctx: Pick<AppContext, 'config' | 'registry'>): Promise<number> {
  const rendered = await renderMail(ctx.config.rootDir, ctx.registry.tenant.code, mail.template, { ...commonMailData(ctx), ...mail.data });
  const now = nowIso();
  const id = insertedId(await trx('outbox').insert({
    to_address: mail.to, subject: rendered.subject.slice(0, 300), html: rendered.html, text: rendered.text,
    status: 'pending', attempts: 0, next_attempt_at: now, created_at: now,
  }).returning('id'));
  wakeAfterCommit(trx, MAIL_DELIVERY_JOB);
  return id;
}
