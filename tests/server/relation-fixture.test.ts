import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../../server/data/entity-store.js';
import { fixtureRoot } from '../support/fixture-root.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * A relation added in metadata alone (tests/fixtures/relation-scope, issue 25): a record type of
 * the generic store (mentorships, 960), the relation `myMentees` over it in relations.json, and a
 * record type (mentee notes, 961) whose read rule uses it. No TypeScript knows any of them: the
 * grid lists exactly the notes of the caller's active mentees (the relation compiled to a subquery
 * in SQL), and a single note is read the same way (the relation read once, in memory).
 */
let fixture: ReturnType<typeof fixtureRoot>;
let t: TestApp;
let mentor: TestUser;
let other: TestUser;
const mentees: TestUser[] = [];
let stranger: TestUser;
let former: TestUser;

const note = async (who: TestUser, title: string): Promise<number> => {
  const res = await t.post('/api/form/formresponse', { response: { formId: 961, elementResponses: [{ formElementId: 96101, value: title }] } }, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Id: number }>().Id;
};
const mentorship = (mentorId: number, menteeId: number, active: boolean) => t.database.db.knex.transaction((trx) =>
  insertRow(trx, t.database.db, t.registry.entities.get(960)!, { mentorId, menteeId, active }, mentorId));
const titles = async (who: TestUser): Promise<string[]> => {
  const res = await t.post('/api/grid', { entityTypeId: 961, formId: 961, from: 1, to: 25 }, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.body === 'No Data' ? [] : res.json<{ gridData: { title: string }[] }>().gridData.map((r) => r.title).sort();
};

beforeAll(async () => {
  fixture = fixtureRoot('relation-scope');
  t = await startTestApp('tn', {}, fixture.root);
  [mentor, other, stranger, former] = [await t.user(['100'], 'mina'), await t.user(['100'], 'otto'), await t.user(['100'], 'stan'), await t.user(['100'], 'fay')];
  mentees.push(await t.user(['100'], 'mia'), await t.user(['100'], 'max'));
  for (const m of mentees) await mentorship(mentor.id, m.id, true);
  await mentorship(mentor.id, former.id, false);
  await mentorship(other.id, stranger.id, true);
  for (const p of [...mentees, stranger, former]) await note(p, `${p.userName.split('@')[0]} note`);
  await note(mentor, 'mina own note');
});
afterAll(async () => {
  await t?.close();
  fixture?.remove();
});

describe('a relation declared in metadata alone', () => {
  it('is part of the registry, over the fixture\'s own record type', () => {
    expect(t.registry.relations.get('myMentees')).toMatchObject({ source: 960, value: 'menteeId' });
  });

  it('scopes the grid to exactly the related rows (and the caller\'s own)', async () => {
    const titleOf = (p: TestUser) => `${p.userName.split('@')[0]} note`;
    expect(await titles(mentor)).toEqual([...mentees.map(titleOf), 'mina own note'].sort());
    expect(await titles(other)).toEqual([titleOf(stranger)]);
    expect(await titles(stranger)).toEqual([titleOf(stranger)]);
    expect(await titles(former)).toEqual([titleOf(former)]);
  });

  it('reads one record through the same relation in memory: a mentee\'s note yes, a former mentee\'s no', async () => {
    const notes = (await t.database.db.knex('records').where({ entity_type_id: 961 }).select('id', 'owner_id')) as { id: number; owner_id: number }[];
    const of = (p: TestUser) => Number(notes.find((n) => Number(n.owner_id) === p.id)!.id);
    const open = (who: TestUser, id: number) => t.post('/api/form', { formid: 961, entities: [{ Id: id, EntityTypeId: 961 }] }, who.token);
    expect((await open(mentor, of(mentees[0]!))).statusCode).toBe(200);
    expect((await open(mentor, of(former))).statusCode).toBe(403);
    expect((await open(mentor, of(stranger))).statusCode).toBe(403);
  });
});
