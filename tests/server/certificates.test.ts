import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayCertificateCode } from '../../engine/training/certificate-code.js';
import { addCourse, addEnrollment, addSessionOfCourse } from '../support/training.js';
import { addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Certificates of Completed attendance (issue 14 item 6): the PDF, who opens it, the public check. */
let t: TestApp;
let tara: Person;
let otto: Person;
let mona: Person;
let ava: Person;
let ben: Person;
let fileId: number;
let code: string;

/** The text drawn in an uncompressed PDF: pdfkit writes each run as hex glyph codes. */
function pdfText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/<([0-9a-f]+)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('');
}

beforeAll(async () => {
  t = await startTestApp('al');
  tara = await addPerson(t, 'Tara', [{ role: '250' }], '250');
  otto = await addPerson(t, 'Otto', [{ role: '250' }], '250');
  mona = await addPerson(t, 'Mona', [{ role: '400' }], '400');
  ava = await addPerson(t, 'Ava', [{ role: '100' }]);
  ben = await addPerson(t, 'Ben', [{ role: '100' }]);
  const section = await addSessionOfCourse(t, await addCourse(t, tara.id, 'Safe Sleep Practices', 2), tara.id, { name: 'Evening Session' });
  const id = await addEnrollment(t, section, ava.id);
  const res = await t.post('/api/enrollment/setattendance', { enrollmentRecordIds: [id], status: 1 }, tara.token);
  if (res.statusCode !== 200) throw new Error(res.body);
  const row = (await t.database.db.knex('enrollments').where({ id }).first()) as { certificate_file_id: number; certificate_code: string };
  fileId = Number(row.certificate_file_id);
  code = row.certificate_code;
});
afterAll(async () => { await t.close(); });

describe('the certificate PDF', () => {
  it('is made with the Completed attendance: person, course, session, hours, trainer, the code and the check page', async () => {
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    const res = await t.get(`/api/file/c/${fileId}`, ava.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('/Count 1');
    expect(res.rawPayload.toString('latin1')).toContain(`/certificate-check?code=${displayCertificateCode(code)}`);
    const text = pdfText(res.rawPayload);
    for (const part of ['Certificate of Completion', 'Ava Tester', 'Safe Sleep Practices', 'Evening Session', 'Tara Tester', displayCertificateCode(code), '/certificate-check']) {
      expect(text).toContain(part);
    }
    const audit = await t.database.db.knex('audit').where({ action: 'certificate.issue', entity_type_id: 26 }).first();
    expect(audit).toBeTruthy();
  });

  it('sets each label beside its value, never on top of it (read back with a PDF text extractor)', async () => {
    const res = await t.get(`/api/file/c/${fileId}`, ava.token);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(res.rawPayload), verbosity: 0 }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.flatMap((i) => ('str' in i && i.str.trim() ? [{ text: i.str.trim(), x: i.transform[4] as number, y: i.transform[5] as number, width: i.width }] : []));
    const at = (text: string) => items.find((i) => i.text === text);
    for (const [label, value] of [['Training:', 'Safe Sleep Practices'], ['Session:', 'Evening Session'], ['Trainer:', 'Tara Tester']] as const) {
      const l = at(label);
      const v = items.find((i) => i.text.startsWith(value));
      expect(l, label).toBeTruthy();
      expect(v, value).toBeTruthy();
      expect(Math.abs(l!.y - v!.y), `${label} on the line of its value`).toBeLessThan(2);
      expect(l!.x + l!.width, `${label} ends before its value starts`).toBeLessThan(v!.x);
    }
    // the lines do not share a baseline: each label has its own line
    const ys = ['Training:', 'Session:', 'Trainer:'].map((l) => at(l)!.y);
    expect(new Set(ys.map((y) => Math.round(y))).size).toBe(3);
  });

  it('opens for the person, the course\'s trainer and managers; not for another trainer or another person', async () => {
    for (const who of [ava, tara, mona]) expect((await t.get(`/api/file/c/${fileId}`, who.token)).statusCode).toBe(200);
    for (const who of [otto, ben]) expect((await t.get(`/api/file/c/${fileId}`, who.token)).statusCode).toBe(404);
    expect((await t.get(`/api/file/c/${fileId}`)).statusCode).toBe(401);
  });
});

describe('the public check', () => {
  const check = (c: string) => t.get(`/api/certificates/check?code=${encodeURIComponent(c)}`);

  it('answers name, course and date for a valid code, without sign-in, in any case and grouping', async () => {
    for (const typed of [code, ` ${code.toLowerCase()} `, displayCertificateCode(code)]) {
      const res = await check(typed);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ valid: true, name: 'Ava Tester', course: 'Safe Sleep Practices: Evening Session', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    }
  });

  it.each([['ZZZZZZZZZZZZ'], ['short'], [''], ["' or '1'='1"]])('answers only {valid:false} for %j', async (typed) => {
    const res = await check(typed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false });
  });

  it('a deleted certificate file no longer checks out', async () => {
    const knex = t.database.db.knex;
    await knex('files').where({ id: fileId }).update({ deleted_at: new Date().toISOString() });
    expect((await check(code)).json()).toEqual({ valid: false });
    await knex('files').where({ id: fileId }).update({ deleted_at: null });
  });

  it('is throttled per address', async () => {
    const limited = await startTestApp('al', { RATE_LIMIT_PER_IP: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await limited.get('/api/certificates/check?code=ABCDEFGHJKLM')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
