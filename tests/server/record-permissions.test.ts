import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPage } from '../support/records.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addRecordId, CERTIFICATION, COMMUNITY_SERVICE, MEMBERSHIP, TRAINING, type RecordTypeSample } from '../support/personal-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Permissions of the personal record types (spec part 2 section 6), table-driven over record
 * types x callers x actions on the owner's records. Base tenant (jh): a professional adds and
 * deletes their own training, community service and membership records; disable and enable are
 * for AdminUser, 400 and 500, and for the owner on certification records only; community service
 * and membership are seen by the owner and elevated roles only; directors (acting as 200) and
 * licensing staff see training and certification records of the people in their scope.
 */
type Action = 'read' | 'create' | 'update' | 'disable' | 'delete';
type Actor = 'owner' | 'other' | 'director' | 'directorAs100' | 'otherDirector' | 'licensing' | 'coach' | 'manager' | 'admin' | 'sysadmin';
const ACTORS: Actor[] = ['owner', 'other', 'director', 'directorAs100', 'otherDirector', 'licensing', 'coach', 'manager', 'admin', 'sysadmin'];
const ELEVATED: Actor[] = ['manager', 'admin', 'sysadmin'];

const EXPECTED: Record<string, { type: RecordTypeSample; allowed: Record<Action, Actor[]> }> = {
  training: { type: TRAINING, allowed: {
    read: ['owner', 'director', 'licensing', ...ELEVATED], create: ['owner', ...ELEVATED], update: ['owner', ...ELEVATED],
    disable: ELEVATED, delete: ['owner', ...ELEVATED],
  } },
  'community service': { type: COMMUNITY_SERVICE, allowed: {
    read: ['owner', ...ELEVATED], create: ['owner', ...ELEVATED], update: ['owner', ...ELEVATED], disable: ELEVATED, delete: ['owner', ...ELEVATED],
  } },
  membership: { type: MEMBERSHIP, allowed: {
    read: ['owner', ...ELEVATED], create: ['owner', ...ELEVATED], update: ['owner', ...ELEVATED], disable: ELEVATED, delete: ['owner', ...ELEVATED],
  } },
  certification: { type: CERTIFICATION, allowed: {
    read: ['owner', 'director', 'licensing', ...ELEVATED], create: ['owner', ...ELEVATED], update: ['owner', ...ELEVATED],
    disable: ['owner', ...ELEVATED], delete: [],
  } },
};

let t: TestApp;
const people = {} as Record<Actor, Person>;

beforeAll(async () => {
  t = await startTestApp('jh');
  const [acorns, oaks] = [await addOrganization(t, 'Acorns'), await addOrganization(t, 'Oaks')];
  people.owner = await addPerson(t, 'Olivia', [{ role: '100', organizationId: acorns }]);
  people.other = await addPerson(t, 'Peter', [{ role: '100', organizationId: acorns }]);
  people.director = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  people.directorAs100 = await addPerson(t, 'Dora', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '100');
  people.otherDirector = await addPerson(t, 'Omar', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
  people.licensing = await addPerson(t, 'Lena', [{ role: '350' }]);
  people.coach = await addPerson(t, 'Cole', [{ role: '300' }]);
  people.manager = await addPerson(t, 'Mona', [{ role: '400' }]);
  people.admin = await addPerson(t, 'Ari', [{ role: '500' }]);
  people.sysadmin = await addPerson(t, 'Sys', [{ role: 'AdminUser' }]);
});
afterAll(async () => { await t.close(); });

/** A fresh record of the owner, added by an administrator so every case starts from the same state. */
const fresh = (type: RecordTypeSample) => addRecordId(t, people.sysadmin.token, type, people.owner.id);

async function attempt(action: Action, type: RecordTypeSample, caller: Person): Promise<boolean> {
  const ref = { EntityTypeId: type.entityTypeId };
  switch (action) {
    case 'read': {
      const id = await fresh(type);
      const rows = (await gridPage(t, caller.token, { from: 1, to: 100, formId: type.formId, entityTypeId: type.entityTypeId, primaryEntity: { Id: people.owner.id } })).rows;
      const form = await t.post('/api/form', { formid: type.formId, entities: [{ Id: id, ...ref }] }, caller.token);
      expect([200, 403]).toContain(form.statusCode);
      expect(rows.some((r) => r.id === id)).toBe(form.statusCode === 200);
      return form.statusCode === 200;
    }
    case 'create': {
      const before = await t.count('records') + await t.count('certification');
      const res = await t.post('/api/form/formresponse', { response: { formId: type.formId, elementResponses: type.values }, primaryEntity: { Id: people.owner.id, EntityTypeId: 1 } }, caller.token);
      expect([200, 403]).toContain(res.statusCode);
      const summary = (await t.post('/api/grid/summary', { formId: type.formId, entityTypeId: type.entityTypeId, primaryEntity: { Id: people.owner.id } }, caller.token)).json<{ canAdd: boolean }>();
      expect(summary.canAdd).toBe(res.statusCode === 200);
      if (res.statusCode === 403) expect(await t.count('records') + await t.count('certification')).toBe(before);
      return res.statusCode === 200;
    }
    case 'update': {
      const id = await fresh(type);
      const res = await t.post('/api/form/formresponse', { response: { formId: type.formId, elementResponses: [type.change] }, entities: [{ Id: id, ...ref }] }, caller.token);
      expect([200, 403]).toContain(res.statusCode);
      return res.statusCode === 200;
    }
    case 'disable': {
      const id = await fresh(type);
      const off = await t.post('/api/grid/disable', { entityTypeId: type.entityTypeId, entityId: id, disable: true }, caller.token);
      expect([200, 403]).toContain(off.statusCode);
      if (off.statusCode === 200) expect((await t.post('/api/grid/disable', { entityTypeId: type.entityTypeId, entityId: id, disable: false }, caller.token)).statusCode).toBe(200);
      return off.statusCode === 200;
    }
    case 'delete': {
      const id = await fresh(type);
      const res = await t.post('/api/grid/delete', { entityTypeId: type.entityTypeId, entityId: id }, caller.token);
      expect([200, 403]).toContain(res.statusCode);
      const gone = (await t.post('/api/form', { formid: type.formId, entities: [{ Id: id, ...ref }] }, people.sysadmin.token)).statusCode === 404;
      expect(gone).toBe(res.statusCode === 200);
      return res.statusCode === 200;
    }
  }
}

const CASES = Object.entries(EXPECTED).flatMap(([name, { type, allowed }]) =>
  (Object.keys(allowed) as Action[]).flatMap((action) => ACTORS.map((actor) => ({ name, type, action, actor, expected: allowed[action].includes(actor) }))));

describe('record permissions (jh, base rules)', () => {
  it.each(CASES)('$name: $action by $actor -> $expected', async ({ type, action, actor, expected }) => {
    expect(await attempt(action, type, people[actor])).toBe(expected);
  });

  it('writes an audit row for every change a caller was allowed to make', async () => {
    const actions = (await t.database.db.knex('audit').whereIn('entity_type_id', [3, 5, 6, 7]).distinct('action')).map((r: { action: string }) => r.action).sort();
    expect(actions).toEqual(['record.create', 'record.delete', 'record.disable', 'record.enable', 'record.update']);
  });
});
