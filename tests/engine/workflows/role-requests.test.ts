import { describe, expect, it } from 'vitest';
import { endDateProblem } from '../../../engine/workflows/employment-end-date.js';
import {
  ORG_ROLES, pendingRequests, requestRefusal, ROLE_ACTION, roleStateFromRow, roleTransition,
  type OrgRole, type RefusalName, type RoleActor, type RoleState,
} from '../../../engine/workflows/role-requests.js';

const base: RoleState = { held: [], pending: {}, titlePosition: 'Teacher', registryOrganization: true, agencyClosed: false, employmentEnded: false };
const state = (s: Partial<RoleState>): RoleState => ({ ...base, ...s });
const owner: RoleActor = { isOwner: true, directsOrganization: false, managesUsers: false };
const director: RoleActor = { isOwner: false, directsOrganization: true, managesUsers: false };
const stranger: RoleActor = { isOwner: false, directsOrganization: false, managesUsers: false };
const manager: RoleActor = { isOwner: false, directsOrganization: false, managesUsers: true };

describe('pending requests: Requested with no later action naming it as parent', () => {
  it.each([
    ['a lone request', [{ id: 1, role: '100', actionType: 1, parentActionId: null }], [1]],
    ['a granted request', [{ id: 1, role: '100', actionType: 1, parentActionId: null }, { id: 2, role: '100', actionType: 2, parentActionId: 1 }], []],
    ['a rejected one and a new one', [
      { id: 1, role: '100', actionType: 1, parentActionId: null }, { id: 2, role: '100', actionType: 3, parentActionId: 1 }, { id: 3, role: '100', actionType: 1, parentActionId: null },
    ], [3]],
    ['a withdrawn director request', [{ id: 5, role: '200', actionType: 1, parentActionId: null }, { id: 6, role: '200', actionType: 10, parentActionId: 5 }], []],
    ['a removal is never pending', [{ id: 7, role: '100', actionType: 4, parentActionId: null }], []],
  ])('%s', (_name, actions, expected) => {
    expect(pendingRequests(actions).map((a) => a.id)).toEqual(expected);
  });
});

describe('requesting a role (spec part 1 section 4)', () => {
  it.each<[string, Partial<RoleState>, OrgRole, RefusalName | null]>([
    ['staff at a registry organization', {}, '100', null],
    ['staff when already held', { held: ['100'] }, '100', 'staffHeld'],
    ['staff with a staff request pending', { pending: { 100: 4 } }, '100', 'staffPending'],
    ['staff after a rejection (no pending request)', {}, '100', null],
    ['staff at a non-registry employer', { registryOrganization: false }, '100', 'notRegistry'],
    ['staff at a closed agency', { agencyClosed: true }, '100', 'agencyClosed'],
    ['staff for an ended employment', { employmentEnded: true }, '100', 'employmentEnded'],
    ['director without staff', { titlePosition: 'Owner' }, '200', 'staffFirst'],
    ['director while staff is only pending', { titlePosition: 'Owner', pending: { 100: 3 } }, '200', 'staffFirst'],
    ['director as Director/Administrator', { held: ['100'], titlePosition: 'Director/Administrator' }, '200', null],
    ['director as Assistant Director', { held: ['100'], titlePosition: 'Assistant Director' }, '200', null],
    ['director as Owner', { held: ['100'], titlePosition: 'Owner' }, '200', null],
    ['director as Teacher: Operation Not Allowed', { held: ['100'], titlePosition: 'Teacher' }, '200', 'directorTitle'],
    ['director without a title', { held: ['100'], titlePosition: null }, '200', 'directorTitle'],
    ['director when held', { held: ['100', '200'], titlePosition: 'Owner' }, '200', 'directorHeld'],
    ['director with one pending', { held: ['100'], titlePosition: 'Owner', pending: { 200: 9 } }, '200', 'directorPending'],
  ])('%s', (_name, s, role, refusal) => {
    expect(requestRefusal(state(s), role)).toBe(refusal);
    const t = roleTransition(state(s), { kind: 'request', role }, owner);
    if (refusal === null) {
      expect(t).toEqual({ ok: true, next: expect.objectContaining({ pending: expect.objectContaining({ [role]: 0 }) }), effects: [{ kind: 'record', role, actionType: ROLE_ACTION.requested, parentActionId: null }] });
    } else {
      expect(t.ok).toBe(false);
    }
  });

  it('says Operation Not Allowed with the catalogue texts for a wrong title', () => {
    const t = roleTransition(state({ held: ['100'] }), { kind: 'request', role: '200' }, owner);
    expect(t).toEqual({ ok: false, refusal: expect.objectContaining({ status: 'conflict', textKey: 'role.directorNotAllowed', titleKey: 'role.directorNotAllowedTitle' }) });
  });

  it.each([['a director', director], ['a manager', manager], ['a stranger', stranger]])('refuses a request made by %s for someone else', (_n, actor) => {
    expect(roleTransition(base, { kind: 'request', role: '100' }, actor)).toEqual({ ok: false, refusal: expect.objectContaining({ status: 'forbidden' }) });
  });

  it.each<[Partial<RoleState>, OrgRole[]]>([
    [{}, ['100']],
    [{ held: ['100'] }, []],
    [{ held: ['100'], titlePosition: 'Owner' }, ['200']],
    [{ held: ['100', '200'], titlePosition: 'Owner' }, []],
    [{ pending: { 100: 1 } }, []],
  ])('offers the requests allowed in %j', (s, expected) => {
    expect(ORG_ROLES.filter((role) => requestRefusal(state(s), role) === null)).toEqual(expected);
  });
});

describe('deciding a request', () => {
  it.each<[string, Partial<RoleState>, number, boolean, RoleActor, string | null]>([
    ['a director approves a staff request', { pending: { 100: 4 } }, 4, true, director, null],
    ['a director rejects a staff request', { pending: { 100: 4 } }, 4, false, director, null],
    ['a director approves a director request of staff', { held: ['100'], pending: { 200: 8 } }, 8, true, director, null],
    ['the person cannot decide their own request', { pending: { 100: 4 } }, 4, true, { ...director, isOwner: true }, 'forbidden'],
    ['a manager is no director', { pending: { 100: 4 } }, 4, true, manager, 'forbidden'],
    ['a stranger cannot decide', { pending: { 100: 4 } }, 4, true, stranger, 'forbidden'],
    ['not pending any more', { held: ['100'] }, 4, true, director, 'notPending'],
    ['a target holding 200 is not decided here', { held: ['100', '200'], pending: { 100: 4 } }, 4, true, director, 'targetIsDirector'],
  ])('%s', (_name, s, requestId, approve, actor, refusal) => {
    const t = roleTransition(state(s), { kind: 'decide', requestId, approve }, actor);
    if (refusal) {
      expect(t.ok).toBe(false);
      if (!t.ok) expect(t.refusal.textKey).toBe(refusal === 'forbidden' ? 'error.forbidden' : `role.${refusal}`);
      return;
    }
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    const role = requestId === 8 ? '200' : '100';
    expect(t.effects[0]).toEqual({ kind: 'record', role, actionType: approve ? ROLE_ACTION.granted : ROLE_ACTION.rejected, parentActionId: requestId });
    expect(t.next.pending).toEqual({});
    expect(t.next.held.includes(role)).toBe(approve);
    expect(t.effects.some((e) => e.kind === 'setRole')).toBe(approve);
  });
});

describe('ending roles and employment', () => {
  it('ending the staff role withdraws a pending director request', () => {
    const t = roleTransition(state({ held: ['100'], pending: { 200: 12 } }), { kind: 'end', role: '100' }, owner);
    expect(t).toEqual({
      ok: true,
      next: expect.objectContaining({ held: [], pending: {} }),
      effects: [
        { kind: 'record', role: '100', actionType: ROLE_ACTION.removed, parentActionId: null },
        { kind: 'setRole', role: '100', active: false },
        { kind: 'record', role: '200', actionType: ROLE_ACTION.withdrawn, parentActionId: 12 },
      ],
    });
  });

  it.each<[string, Partial<RoleState>, OrgRole, RoleActor, string | null]>([
    ['the person ends the director role, keeping staff', { held: ['100', '200'] }, '200', owner, null],
    ['the staff role cannot end before the director role', { held: ['100', '200'] }, '100', owner, 'directorFirst'],
    ['a role not held', {}, '100', owner, 'notHeld'],
    ['a director ends the staff role of staff', { held: ['100'] }, '100', director, null],
    ['a director cannot end another director', { held: ['100', '200'] }, '200', director, 'forbidden'],
    ['a manager ends a role', { held: ['100'] }, '100', manager, null],
    ['a stranger cannot', { held: ['100'] }, '100', stranger, 'forbidden'],
  ])('%s', (_name, s, role, actor, refusal) => {
    const t = roleTransition(state(s), { kind: 'end', role }, actor);
    expect(t.ok ? null : t.refusal.status === 'forbidden' ? 'forbidden' : t.refusal.textKey.replace('role.', '')).toBe(refusal);
    if (t.ok) expect(t.next.held).not.toContain(role);
  });

  it('ending the employment ends the director then the staff role and withdraws what is pending', () => {
    const t = roleTransition(state({ held: ['100'], pending: { 200: 3 } }), { kind: 'endEmployment' }, owner);
    expect(t.ok && t.effects).toEqual([
      { kind: 'record', role: '100', actionType: ROLE_ACTION.removed, parentActionId: null },
      { kind: 'setRole', role: '100', active: false },
      { kind: 'record', role: '200', actionType: ROLE_ACTION.withdrawn, parentActionId: 3 },
      { kind: 'endEmployment' },
    ]);
    const both = roleTransition(state({ held: ['100', '200'] }), { kind: 'endEmployment' }, owner);
    expect(both.ok && both.effects.filter((e) => e.kind === 'record').map((e) => e.kind === 'record' && e.role)).toEqual(['200', '100']);
    expect(both.ok && both.next).toEqual(expect.objectContaining({ held: [], employmentEnded: true }));
  });

  it.each<[Partial<RoleState>, RoleActor, string | null]>([
    [{ employmentEnded: true }, owner, 'employment.alreadyEnded'],
    [{}, director, 'error.forbidden'],
    [{ pending: { 100: 2 } }, manager, null],
  ])('ending the employment of %j', (s, actor, key) => {
    const t = roleTransition(state(s), { kind: 'endEmployment' }, actor);
    expect(t.ok ? null : t.refusal.textKey).toBe(key);
  });
});

describe('the role state of an employment grid row', () => {
  it('reads the computed flags', () => {
    expect(roleStateFromRow({ has100Role: true, has200Role: false, pending200: true, titlePosition: 'Owner', isRegistryOrganization: true, agencyIsClosed: false, endDate: null }))
      .toEqual({ held: ['100'], pending: { 200: -1 }, titlePosition: 'Owner', registryOrganization: true, agencyClosed: false, employmentEnded: false });
  });
});

describe('the end date of a role or an employment', () => {
  it.each<[string | null, string | null, 'required' | 'invalid' | null]>([
    [null, null, 'required'],
    ['  ', null, 'required'],
    ['2024-02-30', null, 'invalid'],
    ['01/05/2024', null, 'invalid'],
    ['2030-01-01', null, 'invalid'],
    ['2019-12-31', '2020-01-01', 'invalid'],
    ['2020-01-01', '2020-01-01', null],
    ['2025-06-30', '2020-01-01', null],
  ])('%s (start %s) is %s', (end, start, problem) => {
    expect(endDateProblem(end, start, '2025-07-01')).toBe(problem);
  });
});
