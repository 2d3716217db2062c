import { describe, expect, it } from 'vitest';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { fireTransition, offeredTransitions, stateOf } from '../../../engine/workflows/workflow-engine.js';
import { fixtureWorkflow } from './workflow-fixture-files.js';

/** The engine over the fixture's trainer application: draft -> submitted -> approved | returned. */
const wf = fixtureWorkflow();
const OWNER = 7;
const row = (status?: string, experience: string | null = 'Ten years') => ({ id: 1, userId: OWNER, topic: 'Music', experience, ...(status === undefined ? {} : { status }) });
const actor = (id: number, activeRole: string): RuleContext => ({ user: { id, roles: [activeRole], activeRole, claims: [] }, tenant: 'tn', today: '2026-01-15' });
const owner = actor(OWNER, '100');
const reviewer = actor(9, '400');
const otherPerson = actor(8, '100');
const reviewerOwner = actor(OWNER, '400');
const head = actor(10, '500');

describe('stateOf', () => {
  it.each([[undefined, 'draft'], ['', 'draft'], ['submitted', 'submitted']])('reads %s as %s', (status, state) => {
    expect(stateOf(wf, row(status))).toBe(state);
  });
});

describe('fireTransition', () => {
  it.each([
    ['owner submits a draft', owner, undefined, 'submit', null, 'submitted'],
    ['owner resubmits a returned one', owner, 'returned', 'submit', null, 'submitted'],
    ['reviewer approves', reviewer, 'submitted', 'approve', null, 'approved'],
    ['reviewer returns with a comment', reviewer, 'submitted', 'return', 'Add dates', 'returned'],
    ['the head of the programme withdraws an approval', head, 'approved', 'revoke', 'Left the programme', 'revoked'],
  ])('%s', (_name, who, status, transition, comment, to) => {
    const out = fireTransition(wf, stateOf(wf, row(status)), transition, who, { row: row(status) }, comment);
    expect(out).toMatchObject({ ok: true, to, transition: { id: transition } });
  });

  it('answers the effects by name with their parameters', () => {
    const out = fireTransition(wf, 'draft', 'submit', owner, { row: row() }, null);
    expect(out.ok && out.effects).toEqual([
      { name: 'lockRecord', params: { field: 'locked' } },
      { name: 'publishEvent', params: { event: 'trainerApplication.submitted' } },
    ]);
  });

  it.each([
    ['an unknown transition', owner, 'draft', 'publish', null, 'unknownTransition', 'invalid', 'workflow.unknownTransition'],
    ['a reviewer submitting', reviewer, 'draft', 'submit', null, 'notAllowed', 'forbidden', 'error.forbidden'],
    ['another person submitting', otherPerson, 'draft', 'submit', null, 'notAllowed', 'forbidden', 'error.forbidden'],
    ['the owner approving', owner, 'submitted', 'approve', null, 'notAllowed', 'forbidden', 'error.forbidden'],
    ['a reviewer approving their own', reviewerOwner, 'submitted', 'approve', null, 'notAllowed', 'forbidden', 'error.forbidden'],
    ['approving a draft', reviewer, 'draft', 'approve', null, 'wrongState', 'conflict', 'workflow.wrongState'],
    ['submitting twice', owner, 'submitted', 'submit', null, 'wrongState', 'conflict', 'workflow.wrongState'],
    ['returning after approval', reviewer, 'approved', 'return', 'x', 'wrongState', 'conflict', 'workflow.wrongState'],
    ['a reviewer withdrawing an approval', reviewer, 'approved', 'revoke', 'x', 'notAllowed', 'forbidden', 'error.forbidden'],
    ['anything once withdrawn', head, 'revoked', 'revoke', 'x', 'wrongState', 'conflict', 'workflow.wrongState'],
    ['returning without a comment', reviewer, 'submitted', 'return', null, 'commentRequired', 'invalid', 'trainerApplication.returnNeedsComment'],
    ['returning with a blank comment', reviewer, 'submitted', 'return', '  ', 'commentRequired', 'invalid', 'trainerApplication.returnNeedsComment'],
  ])('refuses %s', (_name, who, state, transition, comment, reason, status, textKey) => {
    expect(fireTransition(wf, state, transition, who, { row: row(state) }, comment)).toEqual({ ok: false, refusal: { reason, status, textKey } });
  });

  it.each([[null], ['']])('refuses by a guard with its own message and status (experience %j)', (experience) => {
    expect(fireTransition(wf, 'draft', 'submit', owner, { row: row(undefined, experience) }, null))
      .toEqual({ ok: false, refusal: { reason: 'guard', status: 'invalid', textKey: 'trainerApplication.experienceFirst' } });
    expect(offeredTransitions(wf, owner)(row(undefined, experience))).toEqual([]);
  });

  it('reads the rule before the guards: a stranger is told 403, not the guard', () => {
    expect(fireTransition(wf, 'draft', 'submit', otherPerson, { row: row(undefined, null) }, null)).toMatchObject({ ok: false, refusal: { reason: 'notAllowed' } });
  });

  it('allows no one when a transition has no rule', () => {
    const bare = { ...wf, transitions: wf.transitions.map((t) => ({ ...t, allowed: undefined })) };
    expect(fireTransition(bare, 'draft', 'submit', owner, { row: row() }, null)).toMatchObject({ ok: false, refusal: { reason: 'notAllowed' } });
  });
});

describe('offeredTransitions', () => {
  it.each([
    ['owner', owner, 'draft', ['submit']],
    ['owner', owner, 'submitted', []],
    ['owner', owner, 'returned', ['submit']],
    ['reviewer', reviewer, 'draft', []],
    ['reviewer', reviewer, 'submitted', ['approve', 'return']],
    ['reviewer', reviewer, 'approved', []],
    ['head of the programme', head, 'submitted', ['approve', 'return']],
    ['head of the programme', head, 'approved', ['revoke']],
    ['head of the programme', head, 'revoked', []],
    ['another person', otherPerson, 'submitted', []],
  ])('%s in %s may fire %j', (_name, who, state, ids) => {
    expect(offeredTransitions(wf, who)(row(state)).map((a) => a.transition.id)).toEqual(ids);
  });
});
