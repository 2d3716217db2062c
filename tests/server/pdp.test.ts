import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { insertRow } from '../../server/data/entity-store.js';
import { loadRegistry } from '../../server/metadata/load-metadata.js';
import { signIn } from '../support/demo.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The professional development plan (issue 27 item 4; spec part 2 sections 2, 3, 5, 6 and 9): a
 * professional's required trainings (entity 11), goals (12) and self-assessment (13). Table-driven
 * over who asks (the owner; staff elsewhere; the owner's director; a director elsewhere; a
 * licensing consultant; an administrator) and the state of a goal (not completed; completed and
 * unverified; verified; verified with a reflection): who reads it, changes it, verifies and
 * unverifies it, writes the reflection and comments, each step with its audit row, and nothing
 * changed by a refusal.
 */
const TRAINING = 11;
const GOAL = 12;
const ASSESSMENT = 13;
const ACTORS = ['owner', '100 elsewhere', '200 of the person', '200 elsewhere', '350', '500'] as const;
type Actor = (typeof ACTORS)[number];
const STATES = ['not completed', 'completed unverified', 'verified', 'verified with reflection'] as const;
type State = (typeof STATES)[number];
const OPERATIONS = ['read', 'write', 'verify', 'unverify', 'reflect', 'comment'] as const;
type Operation = (typeof OPERATIONS)[number];

let t: TestApp;
let org: number;
const people = {} as Record<Exclude<Actor, 'owner'>, Person>;
let owner: Person;
let seq = 0;

const knex = () => t.database.db.knex;
const director = () => people['200 of the person'];

/** A goal of the owner's in the given state, written as the workflow leaves it. */
async function goal(state: State): Promise<number> {
  const verified = state === 'verified' || state === 'verified with reflection';
  const now = new Date().toISOString();
  const id = await knex().transaction((trx) => insertRow(trx, t.database.db, t.registry.entities.get(GOAL)!, {
    userId: owner.id, goalText: `Lead circle time ${++seq}`, targetDate: '2026-06-30',
    status: state === 'not completed' ? 'In Progress' : 'Completed', completedDate: state === 'not completed' ? null : '2026-05-01',
    verificationState: verified ? 'verified' : 'unverified', verifiedBy: verified ? director().id : null, verifiedAt: verified ? now : null,
  }, owner.id));
  if (state === 'verified with reflection') expect((await step(director(), GOAL, id, 'reflect', 'Well planned.')).statusCode).toBe(200);
  return id;
}

const row = async (table: string, id: number) => (await knex()(table).where({ id }).first()) as Record<string, unknown>;
const audits = async (entityTypeId: number, id: number) => (await knex()('audit').where({ entity_type_id: entityTypeId, entity_id: id }).orderBy('id').select('action', 'user_id')) as { action: string; user_id: number }[];
const step = (who: Person, entityTypeId: number, entityId: number, transition: string, comment: string | null = null) =>
  t.post('/api/workflow/transition', { entityTypeId, entityId, transition, comment }, who.token);
const personOf = (actor: Actor): Person => (actor === 'owner' ? owner : people[actor]);

/** The owner's goals a person lists through the PDP Goals grid (as the User Records accordion asks). */
async function listed(who: Person, id: number): Promise<boolean> {
  const res = await t.post('/api/grid', { entityTypeId: GOAL, formId: 11, from: 1, to: 100, primaryEntity: { Id: owner.id, EntityTypeId: 1 } }, who.token);
  if (res.statusCode !== 200 || res.body === 'No Data') return false;
  return res.json<{ gridData: { id: number }[] }>().gridData.some((r) => r.id === id);
}

/** The owner saves the goal through its form (PDP Goals, form 11), status kept. */
function saveGoal(who: Person, id: number, state: State) {
  return t.post('/api/form/formresponse', {
    response: {
      formId: 11,
      elementResponses: [
        { formElementId: 11001, value: 'Lead circle time every morning' }, { formElementId: 11002, value: null },
        { formElementId: 11003, value: '2026-07-31' }, { formElementId: 11004, value: state === 'not completed' ? '2' : '3' },
        { formElementId: 11005, value: state === 'not completed' ? null : '2026-05-01' },
      ],
    },
    entities: [{ Id: id, EntityTypeId: GOAL }],
  }, who.token);
}

/** Who may do what on a goal in a state (spec part 2 section 6, docs/decisions.md "Issue 27: the professional development plan"). */
function allowed(actor: Actor, state: State, op: Operation): boolean {
  const verified = state === 'verified' || state === 'verified with reflection';
  const isDirector = actor === '200 of the person';
  switch (op) {
    case 'read': return actor === 'owner' || isDirector || actor === '500';
    case 'write': return actor === 'owner' && !verified;
    case 'verify': return isDirector && state === 'completed unverified';
    case 'unverify': return isDirector && verified;
    case 'reflect': return isDirector && state === 'verified';
    case 'comment': return isDirector && !verified;
  }
}

const AUDIT_ACTION: Record<Exclude<Operation, 'read' | 'write'>, string> = { verify: 'pdp.verify', unverify: 'pdp.unverify', reflect: 'pdp.reflect', comment: 'pdp.comment' };

beforeAll(async () => {
  t = await startTestApp('tn');
  org = await addOrganization(t, 'Maple PDP Academy', { is_registry_organization: true });
  const other = await addOrganization(t, 'Birch Elsewhere School', { is_registry_organization: true });
  owner = await addPerson(t, 'Olive', [{ role: '100' }, { role: '100', organizationId: org }]);
  people['100 elsewhere'] = await addPerson(t, 'Ben', [{ role: '100' }, { role: '100', organizationId: other }]);
  people['200 of the person'] = await addPerson(t, 'Dina', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }], '200');
  people['200 elsewhere'] = await addPerson(t, 'Dave', [{ role: '100', organizationId: other }, { role: '200', organizationId: other }], '200');
  people['350'] = await addPerson(t, 'Lena', [{ role: '350' }], '350');
  people['500'] = await addPerson(t, 'Ada', [{ role: '500' }], '500');
}, 120_000);
afterAll(async () => { await t?.close(); });

/** One case of the table: the person acts on the goal; allowed, it changes as the step says with its audit row, refused, nothing changes. */
async function checkCase(actor: Actor, state: State, op: Operation, id: number): Promise<void> {
  const who = personOf(actor);
  const before = await row('pdp_goal_rows', id);
  const auditsBefore = await audits(GOAL, id);
  const expected = allowed(actor, state, op);
  if (op === 'read') {
    expect(await listed(who, id)).toBe(expected);
    return;
  }
  const res = op === 'write' ? await saveGoal(who, id, state)
    : await step(who, GOAL, id, op, op === 'comment' || op === 'reflect' ? 'Nice progress on this goal.' : null);
  const after = await row('pdp_goal_rows', id);
  const newAudits = (await audits(GOAL, id)).slice(auditsBefore.length);
  if (!expected) {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(after).toEqual(before);
    expect(newAudits).toEqual([]);
    return;
  }
  expect(res.statusCode, res.body).toBe(200);
  if (op === 'write') {
    expect(after.goal_text).toBe('Lead circle time every morning');
    return;
  }
  expect(newAudits).toEqual([{ action: AUDIT_ACTION[op], user_id: who.id }]);
  if (op === 'verify') expect([after.verification_state, after.verified_by]).toEqual(['verified', who.id]);
  if (op === 'unverify') expect([after.verification_state, after.verified_by, after.reflection]).toEqual(['unverified', null, before.reflection]);
  if (op === 'reflect') expect([after.verification_state, after.reflection, after.reflection_by]).toEqual(['verified', 'Nice progress on this goal.', who.id]);
  if (op === 'comment') {
    expect(after.verification_state).toBe('unverified');
    const history = (await t.get(`/api/workflow?entityTypeId=${GOAL}&entityId=${id}`, owner.token)).json<{ history: { transition: string; comment: string; actorName: string }[] }>().history;
    expect(history.map((h) => [h.transition, h.comment, h.actorName])).toEqual([['comment', 'Nice progress on this goal.', director().name]]);
  }
}

describe('a PDP goal, by role and state', () => {
  const cases = ACTORS.flatMap((actor) => STATES.flatMap((state) => OPERATIONS.map((op) => [actor, state, op] as const)));

  it.each(cases)('%s, goal %s: %s', async (actor, state, op) => {
    const id = await goal(state);
    try {
      await checkCase(actor, state, op, id);
    } finally {
      // the owner's list stays short enough for one grid page
      await knex()('workflow_transitions').where({ entity_type_id: GOAL, entity_id: id }).delete();
      await knex()('pdp_goals').where({ id }).delete();
    }
  });
});

describe('the rest of the plan', () => {
  it('a required training: the director verifies a Completed one only, and nobody writes a reflection on it', async () => {
    const add = (status: string) => knex().transaction((trx) => insertRow(trx, t.database.db, t.registry.entities.get(TRAINING)!, {
      userId: owner.id, trainingName: `Safe Sleep ${++seq}`, trainingHours: 2, dueDate: '2026-09-01', status,
    }, owner.id));
    const [open, done] = [await add('In Progress'), await add('Completed')];
    expect((await step(director(), TRAINING, open, 'verify')).statusCode).toBe(409);
    expect((await step(owner, TRAINING, done, 'verify')).statusCode).toBe(403);
    const verified = await step(director(), TRAINING, done, 'verify');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<{ message: string }>().message).toBe('Record Verified!');
    expect((await row('pdp_required_trainings', done)).verification_state).toBe('verified');
    const reflection = await step(director(), TRAINING, done, 'reflect', 'Good.');
    expect([reflection.statusCode, reflection.json<{ message: string }>().message]).toEqual([409, 'Reflections are written on PDP goals only.']);
    // a verified item is locked for its owner: no change, no delete
    expect((await t.post('/api/grid/delete', { entityTypeId: TRAINING, entityId: done }, owner.token)).statusCode).toBe(403);
    expect((await step(director(), TRAINING, done, 'unverify')).statusCode).toBe(200);
    expect((await t.post('/api/grid/delete', { entityTypeId: TRAINING, entityId: done }, owner.token)).statusCode).toBe(200);
  });

  it('a comment and a reflection need their text', async () => {
    const open = await goal('completed unverified');
    const comment = await step(director(), GOAL, open, 'comment', '  ');
    expect([comment.statusCode, comment.json<{ message: string }>().message]).toEqual([400, 'Please write a comment.']);
    const done = await goal('verified');
    const reflection = await step(director(), GOAL, done, 'reflect', null);
    expect([reflection.statusCode, reflection.json<{ message: string }>().message]).toEqual([400, 'Please write your reflection.']);
    expect((await row('pdp_goal_rows', done)).reflection).toBeNull();
  });

  it('the director is offered the steps of each state on the User Records grid, and the owner none', async () => {
    const ids = { open: await goal('not completed'), done: await goal('completed unverified'), verified: await goal('verified'), reflected: await goal('verified with reflection') };
    const stepsOf = async (who: Person) => {
      const res = await t.post('/api/grid', { entityTypeId: GOAL, formId: 11, from: 1, to: 100, primaryEntity: { Id: owner.id, EntityTypeId: 1 } }, who.token);
      const rows = res.json<{ gridData: { id: number; transitions: { id: string }[] }[] }>().gridData;
      return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, rows.find((r) => r.id === id)!.transitions.map((s) => s.id).sort()]));
    };
    expect(await stepsOf(director())).toEqual({ open: ['comment'], done: ['comment', 'verify'], verified: ['reflect', 'unverify'], reflected: ['unverify'] });
    expect(await stepsOf(owner)).toEqual({ open: [], done: [], verified: [], reflected: [] });
  });

  it('User Records: the owner\'s director sees the three PDP accordions, a director elsewhere none', async () => {
    const sections = async (who: Person) => {
      const res = await t.get(`/api/userrecords?userId=${owner.id}`, who.token);
      return res.statusCode === 200 ? res.json<{ sections: { gridId: string }[] }>().sections.map((s) => s.gridId).filter((g) => g.startsWith('pdp-')) : [];
    };
    expect(await sections(director())).toEqual(['pdp-self-assessment', 'pdp-required-training', 'pdp-goals']);
    expect(await sections(people['200 elsewhere'])).toEqual([]);
  });

  it('the self-assessment shows 25 rows a page without paging; only its owner adds to it', async () => {
    const grid = t.registry.grids.get('pdp-self-assessment')!;
    expect([grid.pageSize, grid.paging]).toEqual([25, false]);
    const save = (who: Person) => t.post('/api/form/formresponse', {
      response: { formId: 12, elementResponses: [{ formElementId: 12001, value: '1' }, { formElementId: 12002, value: '3' }, { formElementId: 12003, value: '2026-01-15' }, { formElementId: 12004, value: null }] },
      primaryEntity: { Id: owner.id, EntityTypeId: 1 },
    }, who.token);
    expect((await save(director())).statusCode).toBe(403);
    const saved = await save(owner);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await row('pdp_self_assessments', saved.json<{ Id: number }>().Id)).toMatchObject({ competency_area: 'Child Growth and Development', rating: 'Proficient', user_id: owner.id });
    expect((await t.post('/api/grid', { entityTypeId: ASSESSMENT, formId: 12, from: 1, to: 25, primaryEntity: { Id: owner.id, EntityTypeId: 1 } }, people['350'].token)).body).toBe('No Data');
  });

  it('the director\'s dashboard counts the Completed items waiting for verification', async () => {
    const counts = async () => {
      const res = await t.get('/api/dashboard/work', director().token);
      const item = res.json<{ items: { id: string; counts: { id: string; count: number }[] }[] }>().items.find((w) => w.id === 'pdp-to-verify');
      return Object.fromEntries(item!.counts.map((c) => [c.id, c.count]));
    };
    const before = await counts();
    const id = await goal('completed unverified');
    expect((await counts())['pdp-goals-to-verify']).toBe(before['pdp-goals-to-verify']! + 1);
    expect((await step(director(), GOAL, id, 'verify')).statusCode).toBe(200);
    expect((await counts())['pdp-goals-to-verify']).toBe(before['pdp-goals-to-verify']);
  });

  it('tenant al has no PDP: no routes, entities, grids or work', () => {
    const { registry } = loadRegistry(process.cwd(), 'al');
    expect(registry!.routes.filter((r) => r.id.includes('pdp'))).toEqual([]);
    expect([TRAINING, GOAL, ASSESSMENT].filter((id) => registry!.entities.has(id))).toEqual([]);
    expect([...registry!.grids.keys()].filter((g) => g.includes('pdp'))).toEqual([]);
    expect(registry!.work.filter((w) => w.id === 'pdp-to-verify')).toEqual([]);
  });
});

describe('the demo plan (jh)', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await startTestApp('jh');
    await seedDemo(demo.app.ctx);
  }, 60_000);
  afterAll(async () => { await demo?.close(); });

  it('the demo professional has self-assessment rows, a required training, a goal to verify and a verified goal with the director\'s reflection', async () => {
    const director = await signIn(demo, demoUserName('200'), DEMO_PASSWORD);
    const maria = Number((await demo.database.db.knex('users').where({ user_name: demoUserName('100') }).first('id') as { id: number }).id);
    const page = (entityTypeId: number, formId: number) => demo.post('/api/grid', { entityTypeId, formId, from: 1, to: 25, primaryEntity: { Id: maria, EntityTypeId: 1 } }, director)
      .then((r) => r.json<{ gridData: Record<string, unknown>[] }>().gridData);
    expect((await page(ASSESSMENT, 12)).length).toBe(3);
    expect((await page(TRAINING, 10)).map((r) => r.status)).toEqual(['In Progress']);
    const goals = await page(GOAL, 11);
    expect(goals.map((r) => [r.status, r.verification, r.reflectionByName]).sort()).toEqual([['Completed', 'Not Verified', null], ['Completed', 'Verified', 'James Carter']]);
    const work = (await demo.get('/api/dashboard/work', director)).json<{ items: { id: string; counts: { id: string; count: number }[] }[] }>().items;
    expect(work.find((w) => w.id === 'pdp-to-verify')!.counts.map((c) => [c.id, c.count])).toEqual([['pdp-goals-to-verify', 1], ['pdp-trainings-to-verify', 0]]);
    expect(Number((await demo.database.db.knex('audit').where({ action: 'pdp.reflect' }).count({ n: '*' }).first() as { n: number | string }).n)).toBe(1);
  });
});

describe('a coach and the plan of a person they coach', () => {
  it('reads, comments and reflects only while the coaching is active and the person shares the PDP', async () => {
    const coach = await addPerson(t, 'Cora', [{ role: '300' }], '300');
    const person = await addPerson(t, 'Petra', [{ role: '100' }, { role: '100', organizationId: org }]);
    const now = new Date().toISOString();
    const goalOf = (state: 'unverified' | 'verified') => knex().transaction((trx) => insertRow(trx, t.database.db, t.registry.entities.get(GOAL)!, {
      userId: person.id, goalText: `Coached goal ${++seq}`, targetDate: '2026-06-30', status: 'Completed', completedDate: '2026-05-01',
      verificationState: state, verifiedBy: state === 'verified' ? director().id : null, verifiedAt: state === 'verified' ? now : null,
    }, person.id));
    const open = await goalOf('unverified');
    const done = await goalOf('verified');
    const sees = async () => {
      const res = await t.post('/api/grid', { entityTypeId: GOAL, formId: 11, from: 1, to: 100, primaryEntity: { Id: person.id, EntityTypeId: 1 } }, coach.token);
      return res.statusCode === 200 && res.body !== 'No Data' && res.json<{ gridData: { id: number }[] }>().gridData.some((r) => r.id === open);
    };
    const coaching = (who: Person, body: Record<string, unknown>) => t.post('/api/coach/coachrelationshipaction', body, who.token);
    const unchanged = async (res: { statusCode: number }, id: number, before: Record<string, unknown>) => {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(await row('pdp_goal_rows', id)).toEqual(before);
    };

    // no coaching, a pending request, an active coaching the PDP is not shared in: nothing
    expect(await sees()).toBe(false);
    const id = (await coaching(coach, { primaryEntityId: person.id, action: 1 })).json<{ coachRelationships: { id: number }[] }>().coachRelationships[0]!.id;
    expect(await sees()).toBe(false);
    expect((await coaching(person, { coachRelationshipId: id, action: 2 })).statusCode).toBe(200);
    expect(await sees()).toBe(false);
    await unchanged(await step(coach, GOAL, open, 'comment', 'Try a visual schedule.'), open, await row('pdp_goal_rows', open));

    // shared: the coach reads it, comments while unverified and writes one reflection on the verified goal
    expect((await coaching(person, { coachRelationshipId: id, action: 6 })).statusCode).toBe(200);
    expect(await sees()).toBe(true);
    expect((await step(coach, GOAL, open, 'comment', 'Try a visual schedule.')).statusCode).toBe(200);
    expect((await step(coach, GOAL, done, 'coachReflect', 'A goal well reached.')).statusCode).toBe(200);
    expect((await audits(GOAL, done)).at(-1)).toEqual({ action: 'pdp.reflect', user_id: coach.id });
    await unchanged(await step(coach, GOAL, done, 'coachReflect', 'Again.'), done, await row('pdp_goal_rows', done));
    await unchanged(await step(coach, GOAL, done, 'verify'), done, await row('pdp_goal_rows', done));

    // unshared, then shared again and the coaching ended: nothing more
    expect((await coaching(person, { coachRelationshipId: id, action: 7 })).statusCode).toBe(200);
    expect(await sees()).toBe(false);
    await unchanged(await step(coach, GOAL, open, 'comment', 'One more idea.'), open, await row('pdp_goal_rows', open));
    expect((await coaching(person, { coachRelationshipId: id, action: 6 })).statusCode).toBe(200);
    expect((await coaching(coach, { coachRelationshipId: id, action: 4, comments: 'Our year is done.' })).statusCode).toBe(200);
    expect(await sees()).toBe(false);
    await unchanged(await step(coach, GOAL, open, 'comment', 'One more idea.'), open, await row('pdp_goal_rows', open));
  });
});
