import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFeature } from '../support/features.js';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow } from './support/grid-rows.js';
import { ensureRendererBuilt } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * References in Chromium (issue 28): the professional adds a reference, asks a referee for one by
 * e-mail; the referee opens the link from the delivered e-mail, answers without an account; the
 * professional sees it in the grid, and the link no longer works. axe and screenshots at 1280 and
 * 390 px on the way.
 *
 * The test registry is tn's with the tenant feature Resume turned on, as the demo has it.
 */
let app: TestApp;
let url: string;
let smtp: TestSmtp;
let browser: Browser;
let pat: TestUser;

describe.skipIf(!HAS_CHROMIUM)('references in Chromium (tn with the Resume feature on)', () => {
  beforeAll(async () => {
    ensureRendererBuilt();
    smtp = await startSmtp();
    app = await startTestApp('tn');
    await setFeature(app, 'Resume', true);
    app.config.smtpUrl = smtp.url;
    url = await app.app.listen({ host: '127.0.0.1', port: 0 });
    app.config.publicUrl = url;
    pat = await app.user(['100'], 'Pat');
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it('the professional adds a reference and asks a referee for one by e-mail', async () => {
    const { page } = browser;
    await signInAt(page, url, pat.userName);
    await page.goto(`${url}/dashboard/resume/references`);
    await page.getByRole('heading', { name: 'References', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Resume' }).count()).toBe(1);

    await page.getByRole('button', { name: /^Add New/ }).first().click();
    const chooser = page.getByRole('dialog', { name: 'Add Reference' });
    await chooser.waitFor();
    await bothWidths(page, 'references-chooser');
    await chooser.getByRole('button', { name: 'Add a new Reference' }).click();
    const form = page.getByRole('dialog', { name: /^Add/ });
    await form.getByLabel(/^Name/).fill('Grace Lin');
    await form.getByLabel(/^Relationship/).fill('Former director');
    await form.getByLabel(/^Reference$/).fill('Pat is patient and thoughtful with every child.');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => gridRow(page, 'Grace Lin').innerText()).toContain('Entered by you');

    await page.getByRole('button', { name: /^Add New/ }).first().click();
    await page.getByRole('dialog', { name: 'Add Reference' }).getByRole('button', { name: 'Request a Reference' }).click();
    const request = page.getByRole('dialog', { name: /^Add/ });
    await request.getByLabel(/^Referee Name/).fill('Dana Reyes');
    await request.getByLabel(/^Referee Email/).fill('dana@example.org');
    await request.getByLabel(/^Message/).fill('Could you write a few words about our year together?');
    await bothWidths(page, 'reference-request-form');
    await request.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => request.count()).toBe(0);
    await expect.poll(() => gridRow(page, 'dana@example.org').innerText()).toContain('Requested');
    await bothWidths(page, 'references-with-request');
    await signOutAt(page, url);
  });

  it('the referee opens the link from the delivered e-mail and answers without an account', async () => {
    const { page } = browser;
    await app.app.mailer.deliverNow();
    const mail = smtp.to('dana@example.org').at(-1)!;
    expect(mail.text).toContain('Could you write a few words about our year together?');
    const link = linkIn(mail, `${url}/reference-answer?`);
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Give a Reference', level: 1 }).waitFor();
    expect(await page.getByLabel(/^Your Name/).inputValue()).toBe('Dana Reyes');
    await page.getByRole('button', { name: 'Send Reference' }).click();
    await expect.poll(() => page.getByText('Relationship is required.').count()).toBe(1);
    await page.getByLabel(/^Title or Position/).fill('Lead Teacher');
    await page.getByLabel(/^Organization/).fill('Little Acorns Learning Center');
    await page.getByLabel(/^Relationship/).fill('Co-teacher for two years');
    await page.getByLabel(/^Years Known/).fill('3');
    await page.getByLabel(/^Reference/).fill('Pat plans every day with care, and the children and families trust Pat.');
    await bothWidths(page, 'reference-answer-form');
    await page.getByRole('button', { name: 'Send Reference' }).click();
    await expect.poll(() => page.getByText(/Thank you\. Your reference was sent to/).count()).toBe(1);
    await bothWidths(page, 'reference-answer-sent');

    await page.goto(link.toString());
    await expect.poll(() => page.getByText(/already used/).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Send Reference' }).count()).toBe(0);
    await bothWidths(page, 'reference-answer-used');
  });

  it('the professional sees the referee\'s reference in the grid and the request answered', async () => {
    const { page } = browser;
    await signInAt(page, url, pat.userName);
    await page.goto(`${url}/dashboard/resume/references`);
    await expect.poll(() => gridRow(page, 'Little Acorns Learning Center').innerText()).toContain('Given by the referee');
    await expect.poll(() => gridRow(page, 'dana@example.org').innerText()).toContain('Answered');
    await bothWidths(page, 'references-answered');
  });
});
