import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../server/mail/render-mail.js';
import { startSmtp } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

const PASSWORD = 'Good-password-1';
const register = (email: string) => t.post('/api/accounts', { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Sam', lastName: 'Outage', termsAccepted: true });
const rows = (email: string) => t.database.db.knex('outbox').where({ to_address: email }).select('id', 'status', 'attempts', 'last_error', 'next_attempt_at');
const makeDue = (email: string) => t.database.db.knex('outbox').where({ to_address: email }).update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() });

describe('mail outbox delivery', () => {
  it('keeps mail pending while SMTP_URL is not set', async () => {
    t.config.smtpUrl = null;
    expect((await register('unset@example.org')).statusCode).toBe(200);
    expect(await t.app.mailer.deliverNow()).toEqual({ sent: 0, failed: 0, skipped: true });
    expect(await rows('unset@example.org')).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });

  it('loses nothing when SMTP is down during registration: retried with backoff, then delivered once', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now: SMTP is down
    t.config.smtpUrl = `smtp://127.0.0.1:${port}`;
    expect((await register('outage@example.org')).statusCode).toBe(200);
    const failed = await t.app.mailer.deliverNow();
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    const [row] = await rows('outage@example.org');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(String(row.last_error)).not.toBe('');
    expect(new Date(String(row.next_attempt_at)).getTime()).toBeGreaterThan(Date.now() + 20_000);

    const smtp = await startSmtp(port); // SMTP is back
    try {
      await t.app.mailer.deliverNow();
      expect(smtp.to('outage@example.org')).toHaveLength(0); // not due yet: backoff is kept
      await makeDue('outage@example.org');
      await t.app.mailer.deliverNow();
      await t.app.mailer.deliverNow();
      expect(smtp.to('outage@example.org')).toHaveLength(1);
      expect(smtp.to('outage@example.org')[0]!.subject).toBe('Confirm your TN Early Childhood Registry account');
      expect(await rows('outage@example.org')).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
      // the mail that waited while SMTP_URL was unset goes out too
      await makeDue('unset@example.org');
      await t.app.mailer.deliverNow();
      expect(smtp.to('unset@example.org')).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('sends again a message whose sender died between sending and marking it (at least once)', async () => {
    const smtp = await startSmtp();
    t.config.smtpUrl = smtp.url;
    try {
      await register('crash@example.org');
      // a worker claimed it and died: status 'sending' with its lease over
      await t.database.db.knex('outbox').where({ to_address: 'crash@example.org' }).update({ status: 'sending', attempts: 1, next_attempt_at: new Date(Date.now() - 1).toISOString() });
      await t.app.mailer.deliverNow();
      expect(smtp.to('crash@example.org')).toHaveLength(1);
      expect(await rows('crash@example.org')).toMatchObject([{ status: 'sent', attempts: 2 }]);
    } finally {
      await smtp.close();
    }
  });

  it('runs concurrent deliveries one after the other, so a message goes out once', async () => {
    const smtp = await startSmtp();
    t.config.smtpUrl = smtp.url;
    try {
      await register('twice@example.org');
      await Promise.all([t.app.mailer.deliverNow(), t.app.mailer.deliverNow(), t.app.mailer.deliverNow()]);
      expect(smtp.to('twice@example.org')).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe('mail templates', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'mail-templates-'));
    const mjml = (title: string) => `<mjml><mj-head><mj-title>${title}</mj-title></mj-head><mj-body><mj-section><mj-column><mj-text>Hi {{ name }}, <a href="{{link}}">go</a></mj-text></mj-column></mj-section></mj-body></mjml>`;
    mkdirSync(join(root, 'metadata', 'emails'), { recursive: true });
    mkdirSync(join(root, 'tenants', 'zz', 'emails'), { recursive: true });
    writeFileSync(join(root, 'metadata', 'emails', 'hello.mjml'), mjml('Base {{name}}'));
    writeFileSync(join(root, 'tenants', 'zz', 'emails', 'hello.mjml'), mjml('Tenant {{name}}'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('escapes placeholder values in the HTML and keeps them readable in the text', async () => {
    const m = await renderMail(root, 'tn', 'hello', { name: '<b>Al & "Bo"</b>', link: 'https://x.example/a?b=1&c=2' });
    expect(m.subject).toBe('Base <b>Al & "Bo"</b>');
    expect(m.html).toContain('&lt;b&gt;Al &amp; &quot;Bo&quot;&lt;/b&gt;');
    expect(m.html).not.toContain('<b>Al');
    expect(m.html).toContain('href="https://x.example/a?b=1&amp;c=2"');
    expect(m.text).toContain('Hi <b>Al & "Bo"</b>, go: https://x.example/a?b=1&c=2');
  });

  it("uses the tenant's override when it has one", async () => {
    expect((await renderMail(root, 'zz', 'hello', { name: 'A', link: 'x' })).subject).toBe('Tenant A');
  });

  it('refuses a template with a placeholder that has no value, and a bad template name', async () => {
    await expect(renderMail(root, 'tn', 'hello', { name: 'A' })).rejects.toThrow(/no value for the placeholder \{\{link\}\}/);
    await expect(renderMail(root, 'tn', '../secret', {})).rejects.toThrow(/Bad e-mail template name/);
  });
});
