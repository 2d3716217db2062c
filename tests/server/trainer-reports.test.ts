import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { signIn } from '../support/demo.js';
import { pdf } from '../support/file-samples.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { uploaded } from '../support/uploads.js';

/**
 * Trainer reports (issue 14 item 8; spec part 3 sections 2-8): a trainer (250) adds, edits,
 * deletes and submits their own reports; a manager (400) or administrator (500) approves (455) or
 * declines (456, comment required) a submitted one. Every step runs the metadata workflow
 * `trainer-report` with its history, audit row and the submitter's notification.
 */
const REPORT = 27;
const FORM = 25;
const FILE_ELEMENT = 25005;
let t: TestApp;
let tanya: TestUser;
let omar: TestUser;
let mara: TestUser;
let ada: TestUser;

interface Answer { message: string; errors?: Record<string, string> }
interface Step { reportId: number; state: string; status: string; message: string }
interface GridPage { rows: Record<string, unknown>[]; total: number; canAdd: boolean }

const addReport = async (who: TestUser, title: string): Promise<number> => {
  const file = await uploaded(t, who.token, { fileName: 'quarterly.pdf', bytes: pdf('Quarterly report'), entityTypeId: REPORT, formElementId: FILE_ELEMENT });
  const res = await t.post('/api/form/formresponse', {
    response: {
      formId: FORM,
      elementResponses: [
        { formElementId: 25001, value: title }, { formElementId: 25002, value: '2026-07-01' }, { formElementId: 25003, value: '2026-09-30' },
        { formElementId: 25004, value: 'Sessions held and people trained this quarter.' }, { formElementId: FILE_ELEMENT, value: file.fileKey },
      ],
    },
  }, who.token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { Id: number }).Id;
};
const editTitle = (who: TestUser, id: number, title: string) => t.post('/api/form/formresponse', {
  response: { formId: FORM, elementResponses: [{ formElementId: 25001, value: title }] }, entities: [{ Id: id, EntityTypeId: REPORT }],
}, who.token);
const remove = (who: TestUser, id: number) => t.post('/api/grid/delete', { entityTypeId: REPORT, entityId: id }, who.token);
const submit = (who: TestUser, reportId: number, comment?: string | null) => t.post('/api/reporting/submit', { reportId, ...(comment === undefined ? {} : { comment }) }, who.token);
const respond = (who: TestUser, reportId: number, status: number, comment?: string | null) =>
  t.post('/api/reporting/respond', { reportId, status, ...(comment === undefined ? {} : { comment }) }, who.token);
const report = async (id: number) => (await t.database.db.knex('trainer_report_rows').where({ id }).first()) as Record<string, unknown> | undefined;
const stateOf = async (id: number) => (await report(id))?.state;
const counts = async () => ({
  reports: await t.count('trainer_reports'), history: await t.count('workflow_transitions'), audit: await t.count('audit'), events: await t.count('domain_events'),
});
const grid = async (who: TestUser): Promise<GridPage> => {
  const body = { entityTypeId: REPORT, formId: FORM, from: 1, to: 100 };
  const res = await t.post('/api/grid', body, who.token);
  expect(res.statusCode).toBe(200);
  const summary = await t.post('/api/grid/summary', body, who.token);
  return { rows: res.body === 'No Data' ? [] : (res.json() as { gridData: Record<string, unknown>[] }).gridData, total: (summary.json() as { total: number }).total, canAdd: (summary.json() as { canAdd: boolean }).canAdd };
};
const expectRefused = (res: { statusCode: number; json: () => unknown }, code: number, message?: string) => {
  expect(res.statusCode).toBe(code);
  if (message) expect((res.json() as Answer).message).toBe(message);
};

beforeAll(async () => {
  t = await startTestApp('al');
  [tanya, omar, mara, ada] = [await t.user(['250'], 'tanya'), await t.user(['250'], 'omar'), await t.user(['400'], 'mara'), await t.user(['500'], 'ada')];
});
afterAll(async () => {
  await t?.close();
});

describe('the life of a trainer report', () => {
  it('starts as Uploaded (Draft), owned by the trainer who added it, with its file attached', async () => {
    const id = await addReport(tanya, 'Third quarter');
    expect(await report(id)).toMatchObject({ user_id: tanya.id, state: 'draft', status: 'Uploaded (Draft)', title: 'Third quarter' });
    const file = await t.database.db.knex('files').where({ entity_type_id: REPORT, entity_id: id }).first() as { owner_user_id: number } | undefined;
    expect(file?.owner_user_id).toBe(tanya.id);
    const s = (await t.get(`/api/workflow?entityTypeId=${REPORT}&entityId=${id}`, tanya.token)).json() as { state: { label: string }; transitions: { id: string }[] };
    expect(s.state.label).toBe('Uploaded (Draft)');
    expect(s.transitions.map((x) => x.id)).toEqual(['submit']);
  });

  it('runs submit, decline with a comment, edit, resubmit and approve, with history and audit rows', async () => {
    const id = await addReport(tanya, 'Fourth quarter');
    const submitted = await submit(tanya, id, '  First version.  ');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json() as Step).toEqual({ reportId: id, state: 'submitted', status: 'Submitted', message: 'The report has been submitted for review. A notification has been sent to the submitter.' });

    const declined = await respond(mara, id, 456, 'Please add the attendance totals.');
    expect(declined.json() as Step).toMatchObject({ state: 'declined', status: 'Declined', message: 'The report has been declined. A notification has been sent to the submitter.' });
    expect((await editTitle(tanya, id, 'Fourth quarter (revised)')).statusCode).toBe(200);
    expect((await submit(tanya, id)).statusCode).toBe(200);
    const approved = await respond(ada, id, 455);
    expect(approved.json() as Step).toMatchObject({ state: 'approved', status: 'Approved', message: 'The report has been approved. A notification has been sent to the submitter.' });
    expect(await report(id)).toMatchObject({ title: 'Fourth quarter (revised)', status: 'Approved' });

    const history = (await t.get(`/api/workflow?entityTypeId=${REPORT}&entityId=${id}`, tanya.token)).json() as { history: { transition: string; from: string; to: string; comment: string | null; actorId: number }[] };
    expect(history.history.map((h) => [h.transition, h.from, h.to, h.comment, h.actorId])).toEqual([
      ['submit', 'draft', 'submitted', 'First version.', tanya.id],
      ['decline', 'submitted', 'declined', 'Please add the attendance totals.', mara.id],
      ['submit', 'declined', 'submitted', null, tanya.id],
      ['approve', 'submitted', 'approved', null, ada.id],
    ]);
    const audit = await t.database.db.knex('audit').where({ entity_type_id: REPORT, entity_id: id, action: 'workflow.transition' }).orderBy('id');
    expect(audit.map((r: { user_id: number; detail: string }) => [r.user_id, (JSON.parse(r.detail) as { transition: string }).transition])).toEqual([
      [tanya.id, 'submit'], [mara.id, 'decline'], [tanya.id, 'submit'], [ada.id, 'approve'],
    ]);
    expect(await t.database.db.knex('audit').where({ entity_type_id: REPORT, entity_id: id, action: 'record.update' }).first()).toBeDefined();
  });

  it('tells the submitter of each step: a notification, and an e-mail for the answers', async () => {
    const id = await addReport(omar, 'Summer sessions');
    await t.app.ctx.events.dispatchPending();
    const before = { notes: await t.count('notifications'), mail: await t.count('outbox') };
    await submit(omar, id);
    await respond(mara, id, 456, 'Dates do not match the sessions.');
    await t.app.ctx.events.dispatchPending();
    const notes = await t.database.db.knex('notifications').where({ recipient_id: omar.id }).orderBy('id') as { kind: string; subject: string; body: string }[];
    expect(notes.map((n) => [n.kind, n.subject])).toEqual([['report-submitted', 'Report Submitted'], ['report-declined', 'Report Declined']]);
    expect(notes[1]!.body).toContain('Summer sessions');
    expect(notes[1]!.body).toContain('Dates do not match the sessions.');
    expect(await t.count('notifications')).toBe(before.notes + 2);
    const mail = await t.database.db.knex('outbox').orderBy('id', 'desc').first() as { to_address: string; subject: string };
    expect(await t.count('outbox')).toBe(before.mail + 1);
    expect(mail.to_address).toBe(omar.userName);
    // a redelivered event makes no second notification
    await t.database.db.knex('domain_events').where({ type: 'workflow.transitioned' }).update({ dispatched_at: null });
    await t.app.ctx.events.dispatchPending();
    expect(await t.count('notifications')).toBe(before.notes + 2);
  });
});

describe('refusals change nothing', () => {
  it('refuses the wrong state (409), a decline without a comment (400), an unknown status (400) and a trainer answering (403)', async () => {
    const id = await addReport(tanya, 'Refusals');
    let before = await counts();
    expectRefused(await respond(mara, id, 455), 403);
    expect(await counts()).toEqual(before);
    await submit(tanya, id);
    before = await counts();
    expectRefused(await submit(tanya, id), 409, "This step cannot be taken from the record's current state.");
    expectRefused(await respond(mara, id, 456), 400, 'A comment is required to decline a report.');
    expectRefused(await respond(mara, id, 456, '   '), 400, 'A comment is required to decline a report.');
    expectRefused(await respond(mara, id, 400, 'Fine.'), 400, 'The status must be 455 (approve) or 456 (decline).');
    expectRefused(await respond(tanya, id, 455), 403, 'Insufficient access privileges');
    expect(await counts()).toEqual(before);
    expect(await stateOf(id)).toBe('submitted');
    expect((await respond(mara, id, 455, 'Thorough.')).statusCode).toBe(200);
    expectRefused(await respond(mara, id, 456, 'Changed my mind.'), 409);
    expectRefused(await submit(tanya, id), 409);
    expect(await stateOf(id)).toBe('approved');
  });

  it("keeps another trainer's report out of reach: no submit, edit, delete or answer, nothing changes", async () => {
    const id = await addReport(tanya, 'Private draft');
    const before = await counts();
    expectRefused(await submit(omar, id), 403);
    expectRefused(await editTitle(omar, id, 'Taken over'), 403);
    expectRefused(await remove(omar, id), 403);
    expectRefused(await respond(omar, id, 456, 'No.'), 403);
    // a manager does not see a draft, so cannot answer it
    expectRefused(await respond(mara, id, 456, 'No.'), 403);
    expectRefused(await submit(tanya, 999_999), 404);
    expect(await counts()).toEqual(before);
    expect(await report(id)).toMatchObject({ title: 'Private draft', state: 'draft' });
  });

  it('edits only drafts and declined reports, deletes only drafts, and only by their owner', async () => {
    const draft = await addReport(tanya, 'To delete');
    const sent = await addReport(tanya, 'Sent');
    await submit(tanya, sent);
    const before = await counts();
    expectRefused(await remove(tanya, sent), 403);
    expectRefused(await editTitle(tanya, sent, 'Changed while submitted'), 403);
    expectRefused(await remove(mara, sent), 403);
    expect(await counts()).toEqual(before);
    expect((await report(sent))?.title).toBe('Sent');

    await respond(mara, sent, 456, 'Missing file pages.');
    expect((await editTitle(tanya, sent, 'Sent (revised)')).statusCode).toBe(200);
    expectRefused(await remove(tanya, sent), 403);

    expect((await remove(tanya, draft)).statusCode).toBe(200);
    expect(await report(draft)).toBeUndefined();
    expect(await t.database.db.knex('audit').where({ entity_type_id: REPORT, entity_id: draft, action: 'record.delete' }).first()).toBeDefined();
  });

  it('decides a delete on the committed report: a submit that commits meanwhile makes it refused', async () => {
    const id = await addReport(tanya, 'Submitted while deleting');
    // a submit in progress: its transaction holds the row while the delete arrives
    const trx = await t.database.db.knex.transaction();
    await trx('trainer_reports').where({ id }).update({ state: 'submitted' });
    const pending = remove(tanya, id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await trx.commit();
    expectRefused(await pending, 403);
    expect(await report(id)).toMatchObject({ title: 'Submitted while deleting', state: 'submitted' });
  });

  it('lets only trainers add reports', async () => {
    const res = await t.post('/api/form/formresponse', { response: { formId: FORM, elementResponses: [{ formElementId: 25001, value: 'Not mine to add' }, { formElementId: 25002, value: '2026-01-01' }, { formElementId: 25003, value: '2026-01-31' }] } }, mara.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('waiting work on the dashboard', () => {
  const countOf = async (who: TestUser, id: string) => {
    const res = await t.get('/api/dashboard/work', who.token);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { counts: { id: string; count: number }[] }[] }).items;
    return items.flatMap((i) => i.counts).find((c) => c.id === id)?.count;
  };
  it('counts the submitted reports for reviewers and the declined ones for their trainer', async () => {
    const id = await addReport(omar, 'Counted');
    const waiting = Number(((await t.database.db.knex('trainer_reports').where({ state: 'submitted' }).count({ c: '*' }).first()) as { c: number | string }).c);
    await submit(omar, id);
    expect(await countOf(mara, 'trainer-reports-submitted')).toBe(waiting + 1);
    const declined = await countOf(omar, 'trainer-reports-declined');
    await respond(mara, id, 456, 'Too short.');
    expect(await countOf(mara, 'trainer-reports-submitted')).toBe(waiting);
    expect(await countOf(omar, 'trainer-reports-declined')).toBe((declined ?? 0) + 1);
    expect(await countOf(tanya, 'trainer-reports-submitted')).toBeUndefined();
  });
});

describe('the report file', () => {
  it('is read by its trainer, by reviewers once submitted, and by no other trainer', async () => {
    const id = await addReport(tanya, 'With its file');
    const { file_key: key } = (await t.database.db.knex('trainer_reports').where({ id }).first('file_key')) as { file_key: string };
    const download = (who: TestUser) => t.get(`/api/file/u/${key}`, who.token);
    expect((await download(tanya)).statusCode).toBe(200);
    expect((await download(mara)).statusCode).toBe(404);
    await submit(tanya, id);
    expect((await download(mara)).statusCode).toBe(200);
    expect((await download(omar)).statusCode).toBe(404);
  });
});

describe('the DHR Reports grid', () => {
  it("shows a trainer only their own reports and a reviewer every submitted one, counted in SQL, with the rules' row flags", async () => {
    const t2 = await addReport(omar, 'Omar draft');
    const sentByOmar = await addReport(omar, 'Omar sent');
    await submit(omar, sentByOmar);
    const mine = await grid(omar);
    expect(mine.canAdd).toBe(true);
    expect(mine.rows.every((r) => r.userId === omar.id)).toBe(true);
    const draftRow = mine.rows.find((r) => r.id === t2)!;
    expect(draftRow).toMatchObject({ status: 'Uploaded (Draft)', state: 'draft', canEdit: true, canDelete: true });
    expect(mine.rows.find((r) => r.id === sentByOmar)).toMatchObject({ status: 'Submitted', canEdit: false, canDelete: false });

    const reviewer = await grid(mara);
    expect(reviewer.canAdd).toBe(false);
    expect(reviewer.rows.some((r) => r.state === 'draft')).toBe(false);
    expect(reviewer.rows.find((r) => r.id === sentByOmar)).toMatchObject({ submitter: `${omar.row.first_name} ${omar.row.last_name}`, canEdit: false, canDelete: false });
    const visible = Number(((await t.database.db.knex('trainer_reports').whereNot({ state: 'draft' }).count({ c: '*' }).first()) as { c: number | string }).c);
    expect(reviewer.total).toBe(visible);
    expect(reviewer.rows).toHaveLength(visible);
    expect(reviewer.rows.filter((r) => r.hasComments === true).length).toBeGreaterThan(0);
  });
});

describe('the demo', () => {
  it.each(['al', 'jh'])('gives the demo trainer of %s a draft and a submitted report, which the demo manager can answer', async (tenant) => {
    const demo = await startTestApp(tenant);
    try {
      await seedDemo(demo.app.ctx);
      const body = { entityTypeId: REPORT, formId: FORM, from: 1, to: 10 };
      const rows = async (role: string) => {
        const res = await demo.post('/api/grid', body, await signIn(demo, demoUserName(role), DEMO_PASSWORD));
        return (res.json() as { gridData: Record<string, unknown>[] }).gridData;
      };
      const trainer = await rows('250');
      expect(trainer.map((r) => r.status).sort()).toEqual(['Submitted', 'Uploaded (Draft)']);
      const manager = await rows('400');
      expect(manager).toEqual([expect.objectContaining({ status: 'Submitted', hasComments: true, title: 'Second Quarter Training Report' })]);
      const answer = await demo.post('/api/reporting/respond', { reportId: manager[0]!.id, status: 455 }, await signIn(demo, demoUserName('400'), DEMO_PASSWORD));
      expect(answer.statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  }, 60_000);
});
