import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleContextFor } from '../../server/app-context.js';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { holdsForRow } from '../../server/rules/evaluate.js';
import { signIn } from '../support/demo.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addRecordId, CERTIFICATION, COMMUNITY_SERVICE, MEMBERSHIP } from '../support/personal-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Coaching (issue 27; spec part 3 sections 3, 5-9): the coaching workflow through the spec's call
 * POST /api/coach/coachrelationshipaction, table-driven over who acts and the state the coaching is
 * in; the three ways of naming a coaching; what a coach reads of the people they coach.
 */

let t: TestApp;
type Who = 'coach' | 'otherCoach' | 'person' | 'otherPerson' | 'director';
const p = {} as Record<Who, Person>;

const act = (who: Who, body: Record<string, unknown>) => t.post('/api/coach/coachrelationshipaction', body, p[who].token);
const ok = (res: LightMyRequestResponse) => { expect(res.statusCode, res.body).toBe(200); return res; };
const knex = () => t.database.db.knex;

interface Relationship { id: number; status: number; active: boolean; pdpShared: boolean; primaryEntityId: number; coachId: number }
const relationshipOf = (res: LightMyRequestResponse) => res.json<{ coachRelationships: Relationship[] }>().coachRelationships[0]!;

/** Ends whatever coaching between the coach and the person is open, so a new one can be asked for. */
async function closeOpen(): Promise<void> {
  const open = (await knex()('coach_relationships').where({ coach_id: p.coach.id, primary_entity_id: p.person.id }).whereIn('state', ['requested', 'approved']).first('id', 'state')) as { id: number; state: string } | undefined;
  if (!open) return;
  if (open.state === 'requested') ok(await act('coach', { coachRelationshipId: open.id, action: 5 }));
  else ok(await act('coach', { coachRelationshipId: open.id, action: 4, comments: 'Starting over.' }));
}

type State = 'requested' | 'approved' | 'shared' | 'rejected' | 'closed' | 'withdrawn';

/** A new coaching of the person by the coach, brought to the state through the spec's call. */
async function coachingIn(state: State): Promise<number> {
  await closeOpen();
  const id = relationshipOf(ok(await act('coach', { primaryEntityId: p.person.id, action: 1, comments: null }))).id;
  const steps: Record<State, Array<[Who, number, string | null]>> = {
    requested: [],
    approved: [['person', 2, null]],
    shared: [['person', 2, null], ['person', 6, null]],
    rejected: [['person', 3, null]],
    closed: [['person', 2, null], ['coach', 4, 'Goals met.']],
    withdrawn: [['coach', 5, null]],
  };
  for (const [who, action, comments] of steps[state]) ok(await act(who, { coachRelationshipId: id, action, comments }));
  return id;
}

/** The steps of actions 2-7: who may take them and from which states (metadata/workflows/coaching.json). */
const STEPS: Record<number, { step: string; who: Who[]; from: State[] }> = {
  2: { step: 'accept', who: ['person'], from: ['requested'] },
  3: { step: 'decline', who: ['person'], from: ['requested'] },
  4: { step: 'end', who: ['coach', 'person'], from: ['approved', 'shared'] },
  5: { step: 'withdraw', who: ['coach'], from: ['requested'] },
  6: { step: 'sharePdp', who: ['person'], from: ['approved'] },
  7: { step: 'unsharePdp', who: ['person'], from: ['shared'] },
};
const STATES: State[] = ['requested', 'approved', 'shared', 'rejected', 'closed', 'withdrawn'];
const WHO: Who[] = ['coach', 'otherCoach', 'person', 'otherPerson', 'director'];

/** What the call answers: 403 to anyone not a side of it or not allowed the step (rules before state), 409 in a state the step does not leave. */
function expected(state: State, action: number, who: Who): number {
  const s = STEPS[action]!;
  if (!s.who.includes(who)) return 403;
  // sharing twice, or removing a share that is not there, is refused by the step's guard (409 as well)
  return s.from.includes(state) ? 200 : 409;
}

let org: number;
beforeAll(async () => {
  t = await startTestApp('tn');
  org = await addOrganization(t, 'Coaching Academy');
  p.coach = await addPerson(t, 'Cora', [{ role: '100' }, { role: '300' }], '300');
  p.otherCoach = await addPerson(t, 'Carl', [{ role: '100' }, { role: '300' }], '300');
  p.person = await addPerson(t, 'Pia', [{ role: '100', organizationId: org }]);
  p.otherPerson = await addPerson(t, 'Quinn', [{ role: '100', organizationId: org }]);
  p.director = await addPerson(t, 'Dora', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }], '200');
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('who may take each coaching step, in each state', () => {
  it('every action by every role in every state: the answer, and a history line, an audit row and a notification when taken', async () => {
    const failures: string[] = [];
    for (const action of Object.keys(STEPS).map(Number)) {
      for (const state of STATES) {
        for (const who of WHO) {
          const id = await coachingIn(state);
          await t.app.ctx.events.dispatchPending();
          const lines = await t.count('coach_relationship_actions');
          const audits = Number(((await knex()('audit').where({ action: `coaching.${STEPS[action]!.step}` }).count({ c: '*' }).first()) as { c: number | string }).c);
          const notes = await t.count('notifications');
          const res = await act(who, { coachRelationshipId: id, action, comments: action === 4 ? 'Ending.' : null });
          const want = expected(state, action, who);
          const label = `${who} action ${action} on ${state}: ${res.statusCode} ${res.body.slice(0, 140)}`;
          if (res.statusCode !== want) { failures.push(`want ${want}: ${label}`); continue; }
          await t.app.ctx.events.dispatchPending();
          const lineAdded = (await t.count('coach_relationship_actions')) - lines;
          const auditAdded = Number(((await knex()('audit').where({ action: `coaching.${STEPS[action]!.step}` }).count({ c: '*' }).first()) as { c: number | string }).c) - audits;
          const noteAdded = (await t.count('notifications')) - notes;
          if (want !== 200) {
            if (lineAdded || auditAdded || noteAdded) failures.push(`refused but wrote: ${label}`);
            continue;
          }
          const last = (await knex()('coach_relationship_actions').where({ coach_relationship_id: id }).orderBy('id', 'desc').first()) as { action_code: number; acting_user_id: number };
          if (lineAdded !== 1 || last.action_code !== action || last.acting_user_id !== p[who].id) failures.push(`history line: ${label}`);
          if (auditAdded !== 1) failures.push(`audit row: ${label}`);
          const other = who === 'coach' ? p.person.id : p.coach.id;
          const note = await knex()('notifications').where({ recipient_id: other }).orderBy('id', 'desc').first('kind');
          if (noteAdded !== 1 || !String((note as { kind: string }).kind).startsWith('coaching-')) failures.push(`notification to the other side: ${label}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('a closed, rejected or withdrawn coaching takes no step, whoever asks', async () => {
    for (const state of ['closed', 'rejected', 'withdrawn'] as const) {
      const id = await coachingIn(state);
      for (const action of [2, 3, 4, 5, 6, 7]) {
        for (const who of ['coach', 'person'] as const) {
          const res = await act(who, { coachRelationshipId: id, action, comments: 'Again.' });
          expect([403, 409], `${who} ${action} on ${state}: ${res.body}`).toContain(res.statusCode);
        }
      }
      const row = (await knex()('coach_relationships').where({ id }).first('state')) as { state: string };
      expect(row.state).toBe(state);
    }
  });

  it('the Coaching History lists every step of a coaching to its coach, its person and managers only', async () => {
    const id = await coachingIn('closed');
    const g = t.registry.grids.get('coach-history')!;
    const history = async (who: Who) => {
      const body = { entityTypeId: g.entityTypeId, formId: g.formId, altGridId: g.altGridId, from: 1, to: 100, defaultFilters: [{ column: 'coachRelationshipId', value: String(id), operation: 'Equals' }] };
      const res = ok(await t.post('/api/grid', body, p[who].token));
      return res.body === 'No Data' ? [] : res.json<{ gridData: Array<{ actingUserName: string; actionCode: number; comments: string | null; actionDateTime: string }> }>().gridData;
    };
    const lines = await history('coach');
    expect(lines.map((l) => l.actionCode).sort()).toEqual([1, 2, 4]);
    expect(lines.find((l) => l.actionCode === 4)).toMatchObject({ actingUserName: p.coach.name, comments: 'Goals met.' });
    expect(lines.find((l) => l.actionCode === 2)?.actingUserName).toBe(p.person.name);
    expect(lines.every((l) => typeof l.actionDateTime === 'string' && l.actionDateTime.length > 0)).toBe(true);
    expect(await history('person')).toHaveLength(3);
    for (const who of ['otherCoach', 'otherPerson', 'director'] as const) expect(await history(who), who).toEqual([]);
    const manager = await addPerson(t, 'Mona', [{ role: '400' }], '400');
    const res = ok(await t.post('/api/grid', { entityTypeId: g.entityTypeId, formId: g.formId, altGridId: g.altGridId, from: 1, to: 100, defaultFilters: [{ column: 'coachRelationshipId', value: String(id), operation: 'Equals' }] }, manager.token));
    expect(res.json<{ gridData: unknown[] }>().gridData).toHaveLength(3);
  });

  it("Manage Users shows the Coaching History link for a person with a coaching, and the window lists the person's steps", async () => {
    const admin = await addPerson(t, 'Abe', [{ role: '500' }], '500');
    const users = t.registry.grids.get('manage-users')!;
    const linkOf = async (userName: string) => {
      const body = { entityTypeId: users.entityTypeId, formId: users.formId, altGridId: users.altGridId, from: 1, to: 5, defaultFilters: [{ column: 'userName', value: userName, operation: 'Equals' }] };
      return ok(await t.post('/api/grid', body, admin.token)).json<{ gridData: Array<{ showCoachHistoryLink: unknown }> }>().gridData[0]!.showCoachHistoryLink;
    };
    expect(Boolean(await linkOf(p.otherPerson.userName))).toBe(false);
    await coachingIn('closed');
    expect(Boolean(await linkOf(p.person.userName))).toBe(true);
    const action = users.rowActions?.find((a) => a.id === 'user-coach-history');
    expect(action?.gridWindow).toMatchObject({ gridId: 'coach-history', filters: { userId: 'id' } });
    const g = t.registry.grids.get('coach-history')!;
    const body = { entityTypeId: g.entityTypeId, formId: g.formId, altGridId: g.altGridId, from: 1, to: 100, defaultFilters: [{ column: 'userId', value: String(p.person.id), operation: 'Equals' }] };
    const lines = ok(await t.post('/api/grid', body, admin.token)).json<{ gridData: Array<{ userId: number; actionCode: number }> }>().gridData;
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((l) => l.userId === p.person.id)).toBe(true);
  });

  it('ending needs a comment: refused without one, nothing changed', async () => {
    const id = await coachingIn('approved');
    for (const comments of [null, '', '   ']) {
      const res = await act('coach', { coachRelationshipId: id, action: 4, comments });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('A comment is required to end coaching.');
    }
    expect(((await knex()('coach_relationships').where({ id }).first('state')) as { state: string }).state).toBe('approved');
    const ended = relationshipOf(ok(await act('person', { coachRelationshipId: id, action: 4, comments: 'Moving on.' })));
    expect(ended).toMatchObject({ id, status: 4, active: false });
    const line = (await knex()('coach_relationship_actions').where({ coach_relationship_id: id }).orderBy('id', 'desc').first()) as { action_code: number; comments: string };
    expect(line).toMatchObject({ action_code: 4, comments: 'Moving on.' });
  });
});

describe('a coaching request', () => {
  it('is sent by a coach acting as coach, once while one is open, never to themself', async () => {
    await closeOpen();
    const made = relationshipOf(ok(await act('coach', { primaryEntityId: p.person.id, action: 1, comments: 'Happy to help.' })));
    expect(made).toMatchObject({ status: 1, active: false, pdpShared: false, primaryEntityId: p.person.id, coachId: p.coach.id });
    const again = await act('coach', { primaryEntityId: p.person.id, action: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('A coaching with this person is already active or pending.');
    ok(await act('person', { coachRelationshipId: made.id, action: 2 }));
    expect((await act('coach', { primaryEntityId: p.person.id, action: 1 })).statusCode).toBe(409);
    // another coach may ask the same person
    const other = relationshipOf(ok(await act('otherCoach', { primaryEntityId: p.person.id, action: 1 })));
    ok(await act('otherCoach', { coachRelationshipId: other.id, action: 5 }));
    expect((await act('coach', { primaryEntityId: p.coach.id, action: 1 })).statusCode).toBe(400);
    for (const who of ['person', 'otherPerson', 'director'] as const) expect((await act(who, { primaryEntityId: p.otherPerson.id, action: 1 })).statusCode).toBe(403);
    expect((await act('coach', { primaryEntityId: p.otherPerson.id, coachId: p.otherCoach.id, action: 1 })).statusCode).toBe(403);
    expect((await act('coach', { primaryEntityId: 99_999_999, action: 1 })).statusCode).toBe(404);
  });

  it('waits in GET /api/coach/requests for both sides until it is answered', async () => {
    await closeOpen();
    const made = relationshipOf(ok(await act('coach', { primaryEntityId: p.person.id, action: 1 })));
    const sent = ok(await t.get('/api/coach/requests', p.coach.token)).json<Relationship[]>();
    expect(sent.map((r) => r.id)).toContain(made.id);
    const waiting = ok(await t.get('/api/coach/requests', p.person.token)).json<Relationship[]>();
    expect(waiting.map((r) => r.id)).toEqual([made.id]);
    for (const who of ['otherCoach', 'otherPerson', 'director'] as const) {
      expect(ok(await t.get('/api/coach/requests', p[who].token)).json<Relationship[]>().map((r) => r.id)).not.toContain(made.id);
    }
    const work = async (who: Who) => ok(await t.get('/api/dashboard/work', p[who].token)).json<{ items: Array<{ id: string; counts: Array<{ id: string; count: number; route: string; query?: Record<string, string> }> }> }>().items;
    // the coach's count opens Manage Connections on its Pending Requests, the person's their Coaching screen
    expect((await work('coach')).find((w) => w.id === 'coaching-sent')?.counts[0]).toMatchObject({ count: 1, route: 'manage-connections', query: { open: 'pending' } });
    const received = (await work('person')).find((w) => w.id === 'coaching-received')?.counts[0];
    expect(received).toMatchObject({ count: 1, route: 'my-coaching' });
    expect(received).not.toHaveProperty('query');
    ok(await act('person', { coachRelationshipId: made.id, action: 3 }));
    expect(ok(await t.get('/api/coach/requests', p.person.token)).json<Relationship[]>()).toEqual([]);
    expect((await work('person')).find((w) => w.id === 'coaching-received')?.counts[0]?.count).toBe(0);
  });
});

describe('the three ways to name a coaching', () => {
  it('by its id, by lines of its history, or by the person with the coach', async () => {
    await closeOpen();
    const made = relationshipOf(ok(await act('coach', { primaryEntityId: p.person.id, action: 1 })));
    const line = (await knex()('coach_relationship_actions').where({ coach_relationship_id: made.id }).first('id')) as { id: number };
    expect(relationshipOf(ok(await act('person', { coachRelationshipActionIds: [line.id, line.id], action: 2 })))).toMatchObject({ id: made.id, status: 2, active: true });
    expect(relationshipOf(ok(await act('person', { primaryEntityId: p.person.id, coachId: p.coach.id, action: 6 })))).toMatchObject({ id: made.id, pdpShared: true });
    expect(relationshipOf(ok(await act('coach', { primaryEntityId: p.person.id, coachId: p.coach.id, action: 4, comments: 'Done.' })))).toMatchObject({ id: made.id, status: 4 });
  });

  it('refuses two ways at once, none, an unknown line, an unknown action and a pair the caller is no side of', async () => {
    const id = await coachingIn('requested');
    expect((await act('person', { coachRelationshipId: id, primaryEntityId: p.person.id, coachId: p.coach.id, action: 2 })).statusCode).toBe(400);
    expect((await act('person', { action: 2 })).statusCode).toBe(400);
    expect((await act('person', { primaryEntityId: p.person.id, action: 2 })).statusCode).toBe(400);
    expect((await act('person', { coachRelationshipId: id, action: 9 })).statusCode).toBe(400);
    expect((await act('person', { coachRelationshipActionIds: [99_999_999], action: 2 })).statusCode).toBe(404);
    expect((await act('otherPerson', { primaryEntityId: p.person.id, coachId: p.coach.id, action: 2 })).statusCode).toBe(403);
    expect((await act('person', { primaryEntityId: p.person.id, coachId: p.otherCoach.id, action: 2 })).statusCode).toBe(404);
    expect((await act('person', { coachRelationshipId: 99_999_999, action: 2 })).statusCode).toBe(404);
    expect(((await knex()('coach_relationships').where({ id }).first('state')) as { state: string }).state).toBe('requested');
  });
});

describe('what a coach reads of the people they coach', () => {
  const TYPES = [{ entityTypeId: 5, formId: 3, sample: COMMUNITY_SERVICE }, { entityTypeId: 6, formId: 4, sample: MEMBERSHIP }, { entityTypeId: 7, formId: 5, sample: CERTIFICATION }];
  const rowsOf = async (who: Who, entityTypeId: number, formId: number) => {
    const res = ok(await t.post('/api/grid/summary', { entityTypeId, formId, from: 1, to: 100, primaryEntity: { Id: p.person.id, EntityTypeId: 1 } }, p[who].token));
    return res.json<{ total: number }>().total;
  };
  const sections = async (who: Who) => {
    const res = await t.get(`/api/userrecords?userId=${p.person.id}`, p[who].token);
    return res.statusCode === 200 ? res.json<{ sections: Array<{ entityTypeId: number }> }>().sections.map((s) => s.entityTypeId) : [];
  };
  const pdpShared = async (who: Who) => {
    const context = ruleContextFor(t.app.ctx, { id: p[who].id, roles: ['100', '300'], activeRole: '300', claims: [] });
    return holdsForRow(context, t.registry.rules.get('sharesPdpWithCoach'), { userId: p.person.id });
  };

  it('only while the coaching is active, and the PDP only while it is shared', async () => {
    for (const type of TYPES) await addRecordId(t, p.person.token, type.sample, p.person.id);
    await closeOpen();
    const made = relationshipOf(ok(await act('coach', { primaryEntityId: p.person.id, action: 1 })));
    for (const type of TYPES) expect(await rowsOf('coach', type.entityTypeId, type.formId)).toBe(0);
    expect(await sections('coach')).toEqual([]);
    ok(await act('person', { coachRelationshipId: made.id, action: 2 }));
    for (const type of TYPES) {
      expect(await rowsOf('coach', type.entityTypeId, type.formId)).toBeGreaterThan(0);
      expect(await rowsOf('otherCoach', type.entityTypeId, type.formId)).toBe(0);
    }
    expect(await sections('coach')).toEqual(expect.arrayContaining([5, 6, 7]));
    expect(await pdpShared('coach')).toBe(false);
    ok(await act('person', { coachRelationshipId: made.id, action: 6 }));
    expect(await pdpShared('coach')).toBe(true);
    expect(await pdpShared('otherCoach')).toBe(false);
    ok(await act('person', { coachRelationshipId: made.id, action: 7 }));
    expect(await pdpShared('coach')).toBe(false);
    ok(await act('person', { coachRelationshipId: made.id, action: 6 }));
    ok(await act('coach', { coachRelationshipId: made.id, action: 4, comments: 'All done.' }));
    for (const type of TYPES) expect(await rowsOf('coach', type.entityTypeId, type.formId)).toBe(0);
    expect(await sections('coach')).toEqual([]);
    expect(await pdpShared('coach')).toBe(false);
  });

  it('opens the Training Report of a coached person at their agency only while the coaching is active', async () => {
    const report = (who: Who) => t.post('/api/reporting/compliancereport', { username: p.person.userName, organizationId: org }, p[who].token);
    const id = await coachingIn('requested');
    expect((await report('coach')).statusCode).toBe(403);
    ok(await act('person', { coachRelationshipId: id, action: 2 }));
    ok(await report('coach'));
    expect((await report('otherCoach')).statusCode).toBe(403);
    ok(await act('person', { coachRelationshipId: id, action: 4, comments: 'Thanks.' }));
    expect((await report('coach')).statusCode).toBe(403);
  });

  it('lists the coaching on Active Connections while active and on Closed Connections once ended', async () => {
    const grid = async (gridId: string) => {
      const g = t.registry.grids.get(gridId)!;
      const request = { entityTypeId: g.entityTypeId, formId: g.formId, altGridId: g.altGridId ?? null, from: 1, to: 100 };
      const page = ok(await t.post('/api/grid', request, p.coach.token));
      const rows = page.body === 'No Data' ? [] : page.json<{ gridData: Array<Record<string, unknown>> }>().gridData;
      return { rows, total: ok(await t.post('/api/grid/summary', request, p.coach.token)).json<{ total: number }>().total };
    };
    const id = await coachingIn('approved');
    const active = await grid('coach-active-connections');
    expect(active.rows.map((r) => r.id)).toEqual([id]);
    const closedBefore = (await grid('coach-closed-connections')).total;
    ok(await act('coach', { coachRelationshipId: id, action: 4, comments: 'Finished.' }));
    expect((await grid('coach-active-connections')).total).toBe(0);
    expect((await grid('coach-closed-connections')).total).toBe(closedBefore + 1);
  });
});

describe("the professional's Coaching screen (grid coaching-mine)", () => {
  type Row = { id: number; state: string; transitions?: Array<{ id: string; commentRequired: boolean }> };
  const mine = async (who: Who) => {
    const g = t.registry.grids.get('coaching-mine')!;
    const page = ok(await t.post('/api/grid', { entityTypeId: g.entityTypeId, formId: g.formId, altGridId: g.altGridId ?? null, from: 1, to: 100 }, p[who].token));
    return page.body === 'No Data' ? [] : page.json<{ gridData: Row[] }>().gridData;
  };
  const steps = (row: Row | undefined) => (row?.transitions ?? []).map((x) => x.id).sort();

  it('lists the person\'s pending and active coachings with the steps they may take, and nothing of anyone else\'s', async () => {
    const id = await coachingIn('requested');
    expect(steps((await mine('person')).find((r) => r.id === id))).toEqual(['accept', 'decline']);
    for (const who of ['coach', 'otherPerson', 'director'] as const) expect((await mine(who)).map((r) => r.id)).not.toContain(id);
    ok(await act('person', { coachRelationshipId: id, action: 2 }));
    const active = (await mine('person')).find((r) => r.id === id);
    expect(steps(active)).toEqual(['end', 'sharePdp']);
    expect(active?.transitions?.find((x) => x.id === 'end')?.commentRequired).toBe(true);
    ok(await act('person', { coachRelationshipId: id, action: 6 }));
    expect(steps((await mine('person')).find((r) => r.id === id))).toEqual(['end', 'unsharePdp']);
    ok(await act('person', { coachRelationshipId: id, action: 4, comments: 'Done.' }));
    expect((await mine('person')).map((r) => r.id)).not.toContain(id);
  });
});

describe('the coaching user row (Manage Connections: Search Users)', () => {
  type Row = { userId: number; organizationName: string | null; coachActive: boolean; coachRequestPending: boolean; coachRelationshipId: number | null; coachRelationshipActionCount: number };
  const search = async (who: Who, column: 'searchableName' | 'organizationName', value: string) => {
    const body = { entityTypeId: 1, formId: 1, altGridId: 'coach-search-users', from: 1, to: 100, defaultFilters: [{ column, value, operation: 'Contains' }] };
    const res = await t.post('/api/grid', body, p[who].token);
    if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as Row[] };
    return { status: 200, rows: res.body === 'No Data' ? [] : res.json<{ gridData: Row[] }>().gridData };
  };

  it('finds people by agency or by name, once each, with the caller\'s own coaching of them', async () => {
    const id = await coachingIn('approved');
    const byAgency = await search('coach', 'organizationName', 'coaching acad');
    expect(byAgency.rows.map((r) => r.userId).sort()).toEqual([p.person.id, p.otherPerson.id, p.director.id].sort());
    // Manage Connections searches an agency chosen by name on its id (Equals on organizationId)
    const chosen = ok(await t.post('/api/grid', { entityTypeId: 1, formId: 1, altGridId: 'coach-search-users', from: 1, to: 100, defaultFilters: [{ column: 'organizationId', value: org, operation: 'Equals' }] }, p.coach.token));
    expect(chosen.json<{ gridData: Row[] }>().gridData.map((r) => r.userId).sort()).toEqual(byAgency.rows.map((r) => r.userId).sort());
    const pia = byAgency.rows.find((r) => r.userId === p.person.id)!;
    expect(pia).toMatchObject({ coachActive: true, coachRequestPending: false, coachRelationshipId: id, organizationName: 'Coaching Academy' });
    expect(pia.coachRelationshipActionCount).toBeGreaterThan(1);
    expect(byAgency.rows.find((r) => r.userId === p.otherPerson.id)).toMatchObject({ coachActive: false, coachRequestPending: false, coachRelationshipId: null });
    // another coach finds the same person once, with no coaching of theirs
    const other = await search('otherCoach', 'searchableName', 'pia');
    expect(other.rows.filter((r) => r.userId === p.person.id)).toHaveLength(1);
    expect(other.rows.find((r) => r.userId === p.person.id)).toMatchObject({ coachActive: false, coachRequestPending: false });
    // a pending request shows as such
    ok(await act('coach', { coachRelationshipId: id, action: 4, comments: 'Done.' }));
    ok(await act('coach', { primaryEntityId: p.otherPerson.id, action: 1 }));
    const quinn = (await search('coach', 'searchableName', 'quinn')).rows;
    expect(quinn).toHaveLength(1);
    expect(quinn[0]).toMatchObject({ coachActive: false, coachRequestPending: true });
    expect((await search('coach', 'searchableName', 'pia')).rows[0]).toMatchObject({ coachActive: false, coachRequestPending: false });
  });

  it('is the coaches\' alone', async () => {
    for (const who of ['person', 'director'] as const) {
      const res = await search(who, 'searchableName', 'pia');
      expect(res.status === 403 || res.rows.length === 0, `${who}: ${res.status}`).toBe(true);
    }
  });
});

describe('the demo', () => {
  it('gives the coach an active coaching sharing the PDP, a pending request and a closed coaching in tn and jh; no coaching in al', async () => {
    for (const tenant of ['tn', 'jh', 'al'] as const) {
      const demo = tenant === 'tn' ? t : await startTestApp(tenant);
      try {
        await seedDemo(demo.app.ctx);
        const coaching = await demo.database.db.knex('coach_relationships').select('state', 'pdp_shared').orderBy('id');
        if (tenant === 'al') { expect(coaching).toEqual([]); continue; }
        const token = await signIn(demo, demoUserName('300'), DEMO_PASSWORD);
        const total = async (gridId: string) => {
          const g = demo.registry.grids.get(gridId)!;
          return ok(await demo.post('/api/grid/summary', { entityTypeId: g.entityTypeId, formId: g.formId, altGridId: g.altGridId ?? null, from: 1, to: 100 }, token)).json<{ total: number }>().total;
        };
        expect([await total('coach-active-connections'), await total('coach-pending-requests'), await total('coach-closed-connections')], tenant).toEqual([1, 1, 1]);
        const active = await demo.database.db.knex('coach_relationship_rows').where({ active: true }).first('pdp_shared', 'coach_name');
        expect(Boolean(active.pdp_shared)).toBe(true);
        expect(ok(await demo.get('/api/coach/requests', token)).json<unknown[]>()).toHaveLength(1);
      } finally {
        if (demo !== t) await demo.close();
      }
    }
  }, 120_000);
});
