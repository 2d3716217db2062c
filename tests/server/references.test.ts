import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf } from '../support/file-samples.js';
import { gridPage } from '../support/records.js';
import { uploaded } from '../support/uploads.js';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import { setFeature } from '../support/features.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * References (entity 30, forms 26, 35 and 27) and reference requests (entity 34, form 34, the
 * workflow reference-request): the professional's grid through the generic API, the request
 * e-mailed to a real SMTP server on loopback, the referee's one-time link, its expiry and limits.
 * Tested on the test app's tenant (tn): the generic grid and form API does not depend on the route.
 */
let t: TestApp;
let smtp: TestSmtp;
let pro: TestUser;
let other: TestUser;

const REF = { entityTypeId: 30, formId: 26 };
const REQ = { entityTypeId: 34, formId: 34 };
const reference = (name: string, relationship: string, text: string) => ({ response: { formId: 26, elementResponses: [
  { formElementId: 26001, value: name }, { formElementId: 26004, value: relationship }, { formElementId: 26008, value: text },
] } });
const request = (name: string, email: string, message: string | null = null) => ({ response: { formId: 34, elementResponses: [
  { formElementId: 34001, value: name }, { formElementId: 34002, value: email }, { formElementId: 34003, value: message },
] } });
const answer = (link: URL, values: Record<number, string>) => ({
  request: Number(link.searchParams.get('request')), code: link.searchParams.get('code'),
  elementResponses: Object.entries(values).map(([id, value]) => ({ formElementId: Number(id), value })),
});
const linkState = (link: URL) => t.get(`/api/references/answer?request=${link.searchParams.get('request')}&code=${encodeURIComponent(link.searchParams.get('code')!)}`);

async function requestLink(email: string, message: string | null = null): Promise<URL> {
  const res = await t.post('/api/form/formresponse', request('Dana Reyes', email, message), pro.token);
  expect(res.statusCode).toBe(200);
  await t.app.mailer.deliverNow();
  return linkIn(smtp.to(email).at(-1)!, `${t.config.publicUrl}/reference-answer?`);
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp();
  // references belong to the resume, off in the tenants' own settings and on in the demo
  await setFeature(t, 'Resume', true);
  t.config.smtpUrl = smtp.url;
  [pro, other] = [await t.user(['100'], 'pat'), await t.user(['100'], 'oli')];
});
afterAll(async () => { await t.close(); await smtp.close(); });

describe('references through the generic grid and form API', () => {
  it('adds, lists, edits and deletes a reference; another person neither sees nor changes it', async () => {
    const add = await t.post('/api/form/formresponse', reference('Grace Lin', 'Former director', 'A caring teacher.'), pro.token);
    expect(add.statusCode).toBe(200);
    const id = (add.json() as { Id: number }).Id;
    const mine = await gridPage(t, pro.token, { ...REF, from: 1, to: 10 });
    expect(mine.rows.map((r) => [r.refereeName, r.source])).toEqual([['Grace Lin', 'entered']]);
    expect((await gridPage(t, other.token, { ...REF, from: 1, to: 10 })).rows).toEqual([]);
    expect((await gridPage(t, other.token, { ...REF, from: 1, to: 10, primaryEntity: { Id: pro.id } })).rows).toEqual([]);
    expect((await t.post('/api/form', { formid: 26, entities: [{ Id: id, EntityTypeId: 30 }] }, other.token)).statusCode).toBe(403);
    const edit = { ...reference('Grace Lin', 'Director', 'A caring teacher.'), entities: [{ Id: id, EntityTypeId: 30 }] };
    expect((await t.post('/api/form/formresponse', edit, other.token)).statusCode).toBe(403);
    expect((await t.post('/api/grid/delete', { entityTypeId: 30, entityId: id }, other.token)).statusCode).toBe(403);
    expect((await t.post('/api/form/formresponse', edit, pro.token)).statusCode).toBe(200);
    expect((await gridPage(t, pro.token, { ...REF, from: 1, to: 10 })).rows[0]!.relationship).toBe('Director');
    expect((await t.post('/api/grid/delete', { entityTypeId: 30, entityId: id }, pro.token)).statusCode).toBe(200);
    expect((await gridPage(t, pro.token, { ...REF, from: 1, to: 10 })).rows).toEqual([]);
  });

  it('uploads a reference letter through the upload form (35): the file is attached, the source is uploaded', async () => {
    const file = await uploaded(t, pro.token, { fileName: 'letter.pdf', bytes: pdf('Reference letter'), entityTypeId: 30, formElementId: 35004 });
    const values = (key: string | null) => ({ response: { formId: 35, elementResponses: [
      { formElementId: 35001, value: 'Lee Park' }, { formElementId: 35002, value: 'Mentor' }, { formElementId: 35003, value: '2026-03-01' }, { formElementId: 35004, value: key },
    ] } });
    expect((await t.post('/api/form/formresponse', values(null), pro.token)).statusCode).toBe(400);
    const res = await t.post('/api/form/formresponse', values(file.fileKey), pro.token);
    expect(res.statusCode, res.body).toBe(200);
    const row = (await gridPage(t, pro.token, { ...REF, from: 1, to: 10 })).rows.find((r) => r.refereeName === 'Lee Park')!;
    expect([row.source, row.dateReceived, row.fileKey]).toEqual(['uploaded', '2026-03-01', file.fileKey]);
    expect((await t.post('/api/grid/delete', { entityTypeId: 30, entityId: (res.json() as { Id: number }).Id }, pro.token)).statusCode).toBe(200);
  });

  it('refuses a reference without its required fields and keeps nothing', async () => {
    const before = await t.count('records');
    const res = await t.post('/api/form/formresponse', reference('', 'Former director', 'Text'), pro.token);
    expect(res.statusCode).toBe(400);
    expect(await t.count('records')).toBe(before);
  });
});

describe('reference requests', () => {
  it('e-mails the referee a link that works once; the answer is the professional\'s reference and they are told', async () => {
    const link = await requestLink('dana@example.org', 'Thank you for your help!');
    const mail = smtp.to('dana@example.org').at(-1)!;
    expect(mail.subject).toContain('asks you for a reference');
    expect(mail.text).toContain('Thank you for your help!');
    const stored = await t.database.db.knex('reference_requests').where({ id: Number(link.searchParams.get('request')) }).first();
    expect(stored.code_hash).not.toContain(link.searchParams.get('code'));
    expect(stored.state).toBe('requested');

    const pending = await gridPage(t, pro.token, { ...REQ, from: 1, to: 10 });
    expect(pending.rows.map((r) => [r.refereeName, r.state])).toEqual([['Dana Reyes', 'requested']]);
    expect((await gridPage(t, other.token, { ...REQ, from: 1, to: 10 })).rows).toEqual([]);

    const opened = await linkState(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ state: 'valid', refereeName: 'Dana Reyes', requestMessage: 'Thank you for your help!' });

    const bad = await t.post('/api/references/answer', answer(link, { 27001: 'Dana Reyes', 27004: 'Former director' }), undefined);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { errors: Record<string, string> }).errors)).toEqual(['27007']);

    const ok = await t.post('/api/references/answer', answer(link, { 27001: 'Dana Reyes', 27002: 'Director', 27003: 'Little Acorns', 27004: 'Former director', 27006: '4', 27007: 'Pat is a wonderful teacher.' }));
    expect(ok.statusCode).toBe(200);
    const refs = await gridPage(t, pro.token, { ...REF, from: 1, to: 10 });
    expect(refs.rows.map((r) => [r.refereeName, r.refereeOrganization, r.source, r.refereeEmail])).toEqual([['Dana Reyes', 'Little Acorns', 'referee', 'dana@example.org']]);
    expect((await gridPage(t, pro.token, { ...REQ, from: 1, to: 10 })).rows[0]!.state).toBe('answered');

    const again = await t.post('/api/references/answer', answer(link, { 27001: 'Dana Reyes', 27004: 'Former director', 27007: 'Changed.' }));
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toContain('already used');
    expect((await linkState(link)).json()).toMatchObject({ state: 'used' });
    expect((await gridPage(t, pro.token, { ...REF, from: 1, to: 10 })).rows).toHaveLength(1);

    const actions = (await t.database.db.knex('audit').whereIn('action', ['referenceRequest.request', 'referenceRequest.answer']).pluck('action')) as string[];
    expect(actions).toEqual(expect.arrayContaining(['referenceRequest.request', 'referenceRequest.answer']));
    await t.app.ctx.events.dispatchPending();
    const notes = await t.database.db.knex('notifications').where({ recipient_id: pro.id });
    expect(notes.map((n: { subject: string }) => n.subject)).toContain('Reference received from Dana Reyes');
  });

  it('refuses an expired link with a clear page and marks the request expired', async () => {
    const link = await requestLink('ed@example.org');
    await t.database.db.knex('reference_requests').where({ id: Number(link.searchParams.get('request')) }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await linkState(link)).json()).toMatchObject({ state: 'expired', message: expect.stringContaining('expired') });
    const res = await t.post('/api/references/answer', answer(link, { 27001: 'Ed', 27004: 'Colleague', 27007: 'Good.' }));
    expect(res.statusCode).toBe(409);
    expect((await t.database.db.knex('reference_requests').where({ id: Number(link.searchParams.get('request')) }).first()).state).toBe('expired');
  });

  it('refuses a wrong code and a cancelled request; only the professional cancels, with an audit row', async () => {
    const link = await requestLink('cy@example.org');
    const wrong = new URL(link);
    wrong.searchParams.set('code', 'not-the-code');
    expect((await linkState(wrong)).json()).toMatchObject({ state: 'unknown' });
    expect((await t.post('/api/references/answer', answer(wrong, { 27001: 'Cy', 27004: 'Peer', 27007: 'Fine.' }))).statusCode).toBe(404);
    const id = Number(link.searchParams.get('request'));
    const cancel = { entityTypeId: 34, entityId: id, transition: 'cancel' };
    expect((await t.post('/api/workflow/transition', cancel, other.token)).statusCode).toBe(403);
    expect((await t.post('/api/workflow/transition', { ...cancel, transition: 'answer' }, pro.token)).statusCode).toBe(403);
    expect((await t.post('/api/workflow/transition', cancel, pro.token)).statusCode).toBe(200);
    expect((await linkState(link)).json()).toMatchObject({ state: 'cancelled' });
    expect((await t.post('/api/references/answer', answer(link, { 27001: 'Cy', 27004: 'Peer', 27007: 'Fine.' }))).statusCode).toBe(409);
    expect(await t.database.db.knex('audit').where({ action: 'referenceRequest.cancel', entity_id: id }).first()).toBeTruthy();
  });

  it('refuses a request without a valid e-mail address and sends nothing', async () => {
    const outbox = await t.count('outbox');
    const res = await t.post('/api/form/formresponse', request('Nobody', 'not-an-address'), pro.token);
    expect(res.statusCode).toBe(400);
    expect(await t.count('outbox')).toBe(outbox);
    expect((await t.post('/api/form/formresponse', request('Nobody', 'n@example.org'))).statusCode).toBe(401);
  });
});

describe('the public link is rate-limited', () => {
  it('answers 429 after RATE_LIMIT_PER_IP tries from one address', async () => {
    const limited = await startTestApp('tn', { RATE_LIMIT_PER_IP: '3' });
    await setFeature(limited, 'Resume', true);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await limited.get(`/api/references/answer?request=1&code=guess${i}`)).statusCode);
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes.slice(3)).toEqual([429, 429]);
      const post = await limited.post('/api/references/answer', { request: 1, code: 'guess', elementResponses: [] });
      expect(post.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('while the tenant\'s Resume feature is off', () => {
  it('refuses references, reference requests and the referee\'s link alike, and writes nothing', async () => {
    const link = await requestLink('off.referee@example.org');
    const [references, requests] = [await t.count('records'), await t.count('reference_requests')];
    await setFeature(t, 'Resume', false);
    try {
      for (const res of [
        await t.post('/api/form/formresponse', reference('Off Person', 'Former director', 'Kind words.'), pro.token),
        await t.post('/api/form/formresponse', request('Off Referee', 'off2@example.org'), pro.token),
        await linkState(link),
        await t.post('/api/references/answer', answer(link, { 27001: 'Dana Reyes', 27004: 'Director', 27007: 'Kind words.' })),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json<{ message: string }>().message).toBe('The Resume feature is not available in this registry.');
      }
      expect(await t.count('records')).toBe(references);
      expect(await t.count('reference_requests')).toBe(requests);
    } finally {
      await setFeature(t, 'Resume', true);
    }
    expect((await linkState(link)).json<{ state: string }>().state).toBe('valid');
  });
});
