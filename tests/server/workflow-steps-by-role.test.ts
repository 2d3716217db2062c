import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../../server/data/entity-store.js';
import { addEmployment, TITLE } from '../support/employment.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEducation, LEVEL } from '../support/records.js';
import { addCourse, addEnrollment, addSessionOfCourse } from '../support/training.js';
import { setFeature } from '../support/features.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every transition of every workflow of metadata/workflows (issue 25), fired through the generic
 * POST /api/workflow/transition by a person of each role (jh has every role): the record's own
 * person, and people who hold each role with the relations the rules read (the director of the
 * person's organization, the licensing consultant it is assigned to, the trainer of the course).
 * Allowed: the step is taken (200); everyone else is refused (403, or 404 for a record they may
 * not see) and the record stays where it was.
 */
const ACTORS = ['owner', '100', '200', '250', '300', '350', '375', '400', '500', 'AdminUser'] as const;
type Actor = (typeof ACTORS)[number];

let t: TestApp;
let org: number;
const people = {} as Record<Exclude<Actor, 'owner'>, Person>;
let courseSection: number;
let seq = 0;

/** The record a step is fired on, with the person it belongs to and a way to read its state. */
interface Subject {
  owner: Person;
  body: Record<string, unknown>;
  state: () => Promise<unknown>;
}

const knex = () => t.database.db.knex;
const fire = (who: Person, body: Record<string, unknown>) => t.post('/api/workflow/transition', { ...body, comment: 'Checked by the table.' }, who.token);
const staff = async () => addPerson(t, `Pat${++seq}`, [{ role: '100' }, { role: '100', organizationId: org }]);
const stateOfRow = (table: string, column: string, id: number) => async () => ((await knex()(table).where({ id }).first(column)) as Record<string, unknown>)[column];

async function education(status: string | null): Promise<Subject> {
  const owner = await staff();
  const id = await addEducation(t, owner.token, { level: LEVEL.bachelor, school: `College ${seq}`, end: '2020-05-01' });
  if (status) await knex()('education').where({ id }).update({ verification_status: status, verified: status === 'Approved' });
  return { owner, body: { entityTypeId: 4, entityId: id }, state: stateOfRow('education', 'verification_status', id) };
}

async function roleRequest(): Promise<Subject> {
  const owner = await addPerson(t, `Rae${++seq}`, [{ role: '100' }]);
  const employmentRecordId = await addEmployment(t, owner.token, { agencyId: org, title: TITLE.teacher });
  const res = await t.post('/api/userorganizationroles/request', { employmentRecordId, requestType: 100 }, owner.token);
  const id = res.json<{ rolePromotionActionId: number }>().rolePromotionActionId;
  return { owner, body: { entityTypeId: 19, entityId: id }, state: stateOfRow('role_actions', 'state', id) };
}

async function employment(): Promise<Subject> {
  const owner = await addPerson(t, `Eve${++seq}`, [{ role: '100' }]);
  const employmentRecordId = await addEmployment(t, owner.token, { agencyId: org, title: TITLE.teacher });
  const state = async () => ((await knex()('role_actions').where({ employment_record_id: employmentRecordId, action_type: 1 }).first('state')) as { state?: string } | undefined)?.state ?? null;
  return { owner, body: { entityTypeId: 19, values: { employmentRecordId, role: '100' } }, state };
}

async function trainerReport(state: string): Promise<Subject> {
  const now = new Date().toISOString();
  const [r] = (await knex()('trainer_reports').insert({ user_id: people['250'].id, title: `Report ${++seq}`, state, created_at: now, updated_at: now, created_by: people['250'].id, updated_by: people['250'].id }).returning('id')) as ({ id: number } | number)[];
  const id = Number(typeof r === 'object' ? r.id : r);
  return { owner: people['250'], body: { entityTypeId: 27, entityId: id }, state: stateOfRow('trainer_reports', 'state', id) };
}

async function outOfRegionRequest(): Promise<Subject> {
  const owner = await staff();
  const id = await addEnrollment(t, courseSection, owner.id, 'Pending Approval');
  return { owner, body: { entityTypeId: 26, entityId: id }, state: stateOfRow('enrollments', 'status', id) };
}

async function attestation(): Promise<Subject> {
  const owner = await staff();
  const state = async () => ((await knex()('attestations').where({ user_id: owner.id, organization_id: org }).first('state')) as { state?: string } | undefined)?.state ?? null;
  return { owner, body: { entityTypeId: 102, values: { userId: owner.id, organizationId: org } }, state };
}

/** A coaching of a new professional by the coach (300), through the spec's call, after the given steps (action codes, by its person or its coach). */
async function coaching(steps: ReadonlyArray<['owner' | 'coach', number]> = []): Promise<Subject> {
  const owner = await staff();
  const call = (who: Person, body: Record<string, unknown>) => t.post('/api/coach/coachrelationshipaction', body, who.token);
  const id = (await call(people['300'], { primaryEntityId: owner.id, action: 1 })).json<{ coachRelationships: Array<{ id: number }> }>().coachRelationships[0]!.id;
  for (const [who, action] of steps) await call(who === 'owner' ? owner : people['300'], { coachRelationshipId: id, action });
  return { owner, body: { entityTypeId: 21, entityId: id }, state: async () => knex()('coach_relationships').where({ id }).first('state', 'pdp_shared') };
}

/** A professional no coach has asked yet: the request step makes the coaching. */
async function coachingToAsk(): Promise<Subject> {
  const owner = await staff();
  const state = async () => ((await knex()('coach_relationships').where({ primary_entity_id: owner.id }).first('state')) as { state?: string } | undefined)?.state ?? null;
  return { owner, body: { entityTypeId: 21, values: { primaryEntityId: owner.id } }, state };
}

/** A PDP item of a staff person (entity 11 or 12); its state with the number of steps taken, so a comment that keeps the state still shows. */
async function pdpItem(entityTypeId: 11 | 12, status: string, verificationState: string): Promise<Subject> {
  const owner = await staff();
  const values = entityTypeId === 11 ? { trainingName: `Safe Sleep ${seq}`, dueDate: '2026-09-01' } : { goalText: `Lead circle time ${seq}`, targetDate: '2026-09-01' };
  const id = await knex().transaction((trx) => insertRow(trx, t.database.db, t.registry.entities.get(entityTypeId)!, { userId: owner.id, status, verificationState, ...values }, owner.id));
  const table = entityTypeId === 11 ? 'pdp_required_trainings' : 'pdp_goals';
  const state = async () => `${String(await stateOfRow(table, 'verification_state', id)())}:${String((await knex()('workflow_transitions').where({ entity_type_id: entityTypeId, entity_id: id }).count({ n: '*' }))[0]!.n)}`;
  return { owner, body: { entityTypeId, entityId: id }, state };
}

/** A PDP item whose person the coach (300) coaches and shares the PDP with (request, accept, share through the spec's call). */
async function coachedPdpItem(entityTypeId: 11 | 12, status: string, verificationState: string): Promise<Subject> {
  const subject = await pdpItem(entityTypeId, status, verificationState);
  const call = (who: Person, body: Record<string, unknown>) => t.post('/api/coach/coachrelationshipaction', body, who.token);
  const id = (await call(people['300'], { primaryEntityId: subject.owner.id, action: 1 })).json<{ coachRelationships: Array<{ id: number }> }>().coachRelationships[0]!.id;
  for (const action of [2, 6]) expect((await call(subject.owner, { coachRelationshipId: id, action })).statusCode).toBe(200);
  return subject;
}

/** A reference request of a staff person waiting for its referee (entity 34). */
async function referenceRequest(): Promise<Subject> {
  const owner = await staff();
  const now = new Date().toISOString();
  const [r] = (await knex()('reference_requests').insert({ user_id: owner.id, referee_name: `Referee ${++seq}`, referee_email: `referee${seq}@example.org`, state: 'requested',
    code_hash: 'a'.repeat(64), expires_at: new Date(Date.now() + 86_400_000).toISOString(), created_at: now, updated_at: now, created_by: owner.id, updated_by: owner.id }).returning('id')) as ({ id: number } | number)[];
  const id = Number(typeof r === 'object' ? r.id : r);
  return { owner, body: { entityTypeId: 34, entityId: id }, state: stateOfRow('reference_requests', 'state', id) };
}

interface Case {
  workflow: string;
  transition: string;
  setup: () => Promise<Subject>;
  allowed: readonly Actor[];
  /** before the step, as the browser does: a reviewer opens the record through the verification view */
  before?: (who: Person, s: Subject) => Promise<unknown>;
}

const viewFirst = (who: Person, s: Subject) => t.post('/api/verification/view', { entityTypeId: s.body.entityTypeId, entityId: s.body.entityId }, who.token);

const CASES: Case[] = [
  { workflow: 'trainer-report', transition: 'submit', setup: () => trainerReport('draft'), allowed: ['owner', '250'] },
  { workflow: 'trainer-report', transition: 'approve', setup: () => trainerReport('submitted'), allowed: ['400', '500'] },
  { workflow: 'trainer-report', transition: 'decline', setup: () => trainerReport('submitted'), allowed: ['400', '500'] },
  { workflow: 'verification', transition: 'request', setup: () => education(null), allowed: ['owner'] },
  { workflow: 'verification', transition: 'verify', setup: () => education('Requested'), allowed: ['200', '350'], before: viewFirst },
  { workflow: 'verification', transition: 'decline', setup: () => education('Requested'), allowed: ['200', '350'], before: viewFirst },
  { workflow: 'verification', transition: 'remove', setup: () => education('Approved'), allowed: ['350', '375', '400', '500'] },
  { workflow: 'role-request', transition: 'request', setup: employment, allowed: ['owner'] },
  { workflow: 'role-request', transition: 'approve', setup: roleRequest, allowed: ['200'] },
  { workflow: 'role-request', transition: 'reject', setup: roleRequest, allowed: ['200'] },
  { workflow: 'role-request', transition: 'grant', setup: roleRequest, allowed: ['400', '500', 'AdminUser'] },
  { workflow: 'role-request', transition: 'withdraw', setup: roleRequest, allowed: ['owner', '200', '400', '500', 'AdminUser'] },
  { workflow: 'attestation', transition: 'approve', setup: attestation, allowed: ['200'] },
  { workflow: 'enrollment-review', transition: 'approve', setup: outOfRegionRequest, allowed: ['250', '400', '500', 'AdminUser'] },
  { workflow: 'enrollment-review', transition: 'decline', setup: outOfRegionRequest, allowed: ['250', '400', '500', 'AdminUser'] },
  { workflow: 'coaching', transition: 'request', setup: coachingToAsk, allowed: ['300'] },
  { workflow: 'coaching', transition: 'withdraw', setup: () => coaching(), allowed: ['300'] },
  { workflow: 'coaching', transition: 'accept', setup: () => coaching(), allowed: ['owner'] },
  { workflow: 'coaching', transition: 'decline', setup: () => coaching(), allowed: ['owner'] },
  { workflow: 'coaching', transition: 'end', setup: () => coaching([['owner', 2]]), allowed: ['owner', '300'] },
  { workflow: 'coaching', transition: 'sharePdp', setup: () => coaching([['owner', 2]]), allowed: ['owner'] },
  { workflow: 'coaching', transition: 'unsharePdp', setup: () => coaching([['owner', 2], ['owner', 6]]), allowed: ['owner'] },
  { workflow: 'pdp-verification', transition: 'verify', setup: () => pdpItem(11, 'Completed', 'unverified'), allowed: ['200'] },
  { workflow: 'pdp-verification', transition: 'unverify', setup: () => pdpItem(11, 'Completed', 'verified'), allowed: ['200'] },
  { workflow: 'pdp-verification', transition: 'comment', setup: () => pdpItem(11, 'In Progress', 'unverified'), allowed: ['200'] },
  { workflow: 'pdp-verification', transition: 'verify', setup: () => pdpItem(12, 'Completed', 'unverified'), allowed: ['200'] },
  { workflow: 'pdp-verification', transition: 'unverify', setup: () => pdpItem(12, 'Completed', 'verified'), allowed: ['200'] },
  { workflow: 'pdp-verification', transition: 'comment', setup: () => pdpItem(12, 'Completed', 'unverified'), allowed: ['200'] },
  { workflow: 'pdp-verification', transition: 'reflect', setup: () => pdpItem(12, 'Completed', 'verified'), allowed: ['200'] },
  // a coach reflects and comments only on the PDP of a person they coach who shares it with them
  { workflow: 'pdp-verification', transition: 'coachReflect', setup: () => pdpItem(12, 'Completed', 'verified'), allowed: [] },
  { workflow: 'pdp-verification', transition: 'coachReflect', setup: () => coachedPdpItem(12, 'Completed', 'verified'), allowed: ['300'] },
  { workflow: 'pdp-verification', transition: 'comment', setup: () => coachedPdpItem(12, 'In Progress', 'unverified'), allowed: ['200', '300'] },
  // a reference request: its professional cancels it; answer and expire are the referee's link's only
  { workflow: 'reference-request', transition: 'cancel', setup: referenceRequest, allowed: ['owner'] },
  { workflow: 'reference-request', transition: 'answer', setup: referenceRequest, allowed: [] },
  { workflow: 'reference-request', transition: 'expire', setup: referenceRequest, allowed: [] },
];

beforeAll(async () => {
  t = await startTestApp('jh');
  // reference requests belong to the resume, on as in the demo
  await setFeature(t, 'Resume', true);
  org = await addOrganization(t, 'Table Academy', { is_registry_organization: true });
  const other = await addOrganization(t, 'Elsewhere Preschool', { is_registry_organization: true });
  people['100'] = await addPerson(t, 'Ola', [{ role: '100' }, { role: '100', organizationId: other }]);
  people['200'] = await addPerson(t, 'Dana', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }], '200');
  people['250'] = await addPerson(t, 'Tara', [{ role: '250' }], '250');
  people['300'] = await addPerson(t, 'Cole', [{ role: '300' }], '300');
  people['350'] = await addPerson(t, 'Lena', [{ role: '350' }], '350');
  await knex()('staff_agency_assignments').insert({ staff_user_id: people['350'].id, organization_id: org, created_at: new Date().toISOString() });
  people['375'] = await addPerson(t, 'Sue', [{ role: '375' }], '375');
  people['400'] = await addPerson(t, 'Mara', [{ role: '400' }], '400');
  people['500'] = await addPerson(t, 'Ada', [{ role: '500' }], '500');
  people.AdminUser = await addPerson(t, 'Sys', [{ role: 'AdminUser' }], 'AdminUser');
  courseSection = await addSessionOfCourse(t, await addCourse(t, people['250'].id), people['250'].id, { endsInHours: 240 });
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('every transition of every workflow, as each role', () => {
  it('covers every transition the metadata declares', () => {
    const declared = [...t.registry.workflows.values()].flatMap((w) => w.transitions.map((x) => `${w.id}.${x.id}`));
    const tested = new Set(CASES.map((c) => `${c.workflow}.${c.transition}`));
    expect(declared.filter((d) => !tested.has(d))).toEqual([]);
  });

  it.each(CASES.flatMap((c) => ACTORS.map((actor) => [`${c.workflow}.${c.transition}`, actor, c] as const)))('%s as %s', async (_name, actor, c) => {
    const subject = await c.setup();
    const who = actor === 'owner' ? subject.owner : people[actor];
    const before = await subject.state();
    if (c.before) await c.before(who, subject);
    const res = await fire(who, { ...subject.body, transition: c.transition });
    if (c.allowed.includes(actor)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(await subject.state()).not.toEqual(before);
    } else {
      expect([403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(await subject.state()).toEqual(before);
    }
  });
});

describe('a step over several records is all or none', () => {
  it('one chosen record not yet viewed: nothing changes, and the refusal names it', async () => {
    const seen = await education('Requested');
    const unseen = await education('Requested');
    await viewFirst(people['200'], seen);
    const records = [seen.body, unseen.body];
    const refused = await fire(people['200'], { records, transition: 'verify' });
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ message: string; refused: string[] }>();
    expect(body.refused).toEqual([expect.stringMatching(new RegExp(`^College ${seq}: ${body.message}$`))]);
    expect([await seen.state(), await unseen.state()]).toEqual(['Requested', 'Requested']);

    await viewFirst(people['200'], unseen);
    expect((await fire(people['200'], { records, transition: 'verify' })).statusCode).toBe(200);
    expect([await seen.state(), await unseen.state()]).toEqual(['Approved', 'Approved']);
  });
});
