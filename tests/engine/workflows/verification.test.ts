import { describe, expect, it } from 'vitest';
import {
  stepVerification, verificationOptions, verificationStateOf,
  type RefusalReason, type VerificationActor, type VerificationEventType, type VerificationState, type VerificationSubject,
} from '../../../engine/workflows/verification.js';

const subject = (state: VerificationState, extra: Partial<VerificationSubject> = {}): VerificationSubject => ({ state, available: true, disabled: false, ...extra });
const OWNER: VerificationActor = { isOwner: true, mayReview: false, mayRemove: false, viewed: false, downloaded: true };
const REVIEWER: VerificationActor = { isOwner: false, mayReview: true, mayRemove: false, viewed: true, downloaded: true };
const REMOVER: VerificationActor = { isOwner: false, mayReview: false, mayRemove: true, viewed: false, downloaded: true };
const BOTH: VerificationActor = { ...REVIEWER, mayRemove: true };
const STRANGER: VerificationActor = { isOwner: false, mayReview: false, mayRemove: false, viewed: true, downloaded: true };

type Expected = VerificationState | RefusalReason;

/** Every state x event for the actor who normally fires the event: the next state or the refusal. */
const TRANSITIONS: Array<[VerificationState, VerificationEventType, VerificationActor, Expected]> = [
  ['None', 'request', OWNER, 'Requested'],
  ['Requested', 'request', OWNER, 'alreadyRequested'],
  ['Approved', 'request', OWNER, 'alreadyVerified'],
  ['Rejected', 'request', OWNER, 'Requested'],
  ['None', 'verify', REVIEWER, 'Approved'],
  ['Requested', 'verify', REVIEWER, 'Approved'],
  ['Approved', 'verify', REVIEWER, 'alreadyVerified'],
  ['Rejected', 'verify', REVIEWER, 'alreadyDeclined'],
  ['None', 'decline', REVIEWER, 'Rejected'],
  ['Requested', 'decline', REVIEWER, 'Rejected'],
  ['Approved', 'decline', REVIEWER, 'alreadyVerified'],
  ['Rejected', 'decline', REVIEWER, 'alreadyDeclined'],
  ['None', 'remove', REMOVER, 'notVerified'],
  ['Requested', 'remove', REMOVER, 'notVerified'],
  ['Approved', 'remove', REMOVER, 'None'],
  ['Rejected', 'remove', REMOVER, 'notVerified'],
];

const outcome = (s: VerificationSubject, type: VerificationEventType, a: VerificationActor, comment: string | null = 'Checked the transcript.'): Expected => {
  const r = stepVerification(s, { type, comment }, a);
  return r.ok ? r.next : r.reason;
};

describe('verification transitions (spec part 2 section 4)', () => {
  it.each(TRANSITIONS)('%s + %s -> %s', (state, type, actor, expected) => {
    expect(outcome(subject(state), type, actor)).toBe(expected);
  });

  it.each([
    ['request', 1, { verificationStatus: 'Requested', verified: false }],
    ['verify', 3, { verificationStatus: 'Approved', verified: true }],
    ['decline', 4, { verificationStatus: 'Rejected', verified: false }],
  ] as const)('%s writes action type %i and the record fields %o', (type, actionType, record) => {
    const r = stepVerification(subject(type === 'request' ? 'None' : 'Requested'), { type, comment: 'ok' }, type === 'request' ? OWNER : REVIEWER);
    expect(r).toMatchObject({ ok: true, actionType, record });
  });

  it('remove writes action type 5 and clears the record fields', () => {
    expect(stepVerification(subject('Approved'), { type: 'remove' }, REMOVER)).toEqual({
      ok: true, next: 'None', actionType: 5, record: { verificationStatus: null, verified: false }, comment: null,
    });
  });
});

describe('who may do what (spec part 2 section 6)', () => {
  it.each([
    ['a reviewer cannot request', 'None', 'request', REVIEWER, 'notOwner'],
    ['the owner cannot verify their own record', 'Requested', 'verify', { ...OWNER, mayReview: true, viewed: true }, 'ownRecord'],
    ['the owner cannot remove their own verification', 'Approved', 'remove', { ...OWNER, mayRemove: true }, 'ownRecord'],
    ['someone without the review rule cannot verify', 'Requested', 'verify', STRANGER, 'notReviewer'],
    ['someone without the review rule cannot decline', 'Requested', 'decline', STRANGER, 'notReviewer'],
    ['a reviewer without the remove rule cannot remove', 'Approved', 'remove', REVIEWER, 'notReviewer'],
    ['a remover without the review rule cannot verify', 'Requested', 'verify', { ...REMOVER, viewed: true }, 'notReviewer'],
  ] as const)('%s', (_name, state, type, actor, expected) => {
    expect(outcome(subject(state), type, actor)).toBe(expected);
  });

  it('where declined records may be verified again (experience start dates): verify yes, decline no', () => {
    const s = subject('Rejected', { reverifyDeclined: true });
    expect(outcome(s, 'verify', REVIEWER)).toBe('Approved');
    expect(outcome(s, 'decline', REVIEWER)).toBe('alreadyDeclined');
    expect(verificationOptions(s, REVIEWER)).toMatchObject({ verify: true, decline: false });
  });

  it.each(['request', 'verify', 'decline'] as const)('%s is not available for endorsements (or training sent through the API)', (type) => {
    expect(outcome(subject('None', { available: false }), type, type === 'request' ? OWNER : REVIEWER)).toBe('unavailable');
  });

  it.each(['request', 'verify', 'decline'] as const)('%s is refused on a disabled record', (type) => {
    expect(outcome(subject('None', { disabled: true }), type, type === 'request' ? OWNER : REVIEWER)).toBe('disabled');
  });

  it('a verification may still be removed from a disabled record', () => {
    expect(outcome(subject('Approved', { disabled: true }), 'remove', REMOVER)).toBe('None');
  });
});

describe('view before approve and the decline comment (part 3 "Verification by reviewer")', () => {
  it.each([
    ['not viewed', { viewed: false, downloaded: true }],
    ['viewed, file not downloaded', { viewed: true, downloaded: false }],
    ['neither', { viewed: false, downloaded: false }],
  ])('%s: Verify and Decline are refused', (_name, marks) => {
    for (const type of ['verify', 'decline'] as const) expect(outcome(subject('Requested'), type, { ...REVIEWER, ...marks })).toBe('viewFirst');
  });

  it.each([null, '', '   '])('decline with comment %j is refused; the comment is required', (comment) => {
    expect(outcome(subject('Requested'), 'decline', REVIEWER, comment)).toBe('commentRequired');
    const r = stepVerification(subject('Requested'), { type: 'decline', comment }, REVIEWER);
    expect(r).toMatchObject({ ok: false, code: 'invalid', field: 'comments' });
  });

  it.each([null, ''])('verify with comment %j is fine (optional)', (comment) => {
    expect(stepVerification(subject('Requested'), { type: 'verify', comment }, REVIEWER)).toMatchObject({ ok: true, comment: null });
  });

  it('comments are trimmed', () => {
    expect(stepVerification(subject('Requested'), { type: 'decline', comment: '  Transcript is unreadable.  ' }, REVIEWER)).toMatchObject({ comment: 'Transcript is unreadable.' });
  });
});

describe('the state of a record and the buttons it offers', () => {
  it.each([
    [{ verificationStatus: null, verified: false }, 'None'],
    [{}, 'None'],
    [{ verificationStatus: 'Requested', verified: false }, 'Requested'],
    [{ verificationStatus: 'Approved', verified: true }, 'Approved'],
    [{ verificationStatus: null, verified: true }, 'Approved'],
    [{ verificationStatus: 'Rejected', verified: false }, 'Rejected'],
  ])('%o is %s', (row, state) => {
    expect(verificationStateOf(row)).toBe(state);
  });

  it.each([
    ['owner, unverified', 'None', OWNER, { request: true, verify: false, decline: false, remove: false, needsView: false }],
    ['owner, declined', 'Rejected', OWNER, { request: true, verify: false, decline: false, remove: false, needsView: false }],
    ['reviewer before viewing', 'Requested', { ...BOTH, viewed: false }, { request: false, verify: true, decline: true, remove: false, needsView: true }],
    ['reviewer after viewing', 'Requested', BOTH, { request: false, verify: true, decline: true, remove: false, needsView: false }],
    ['reviewer, declined: neither Verify nor Decline', 'Rejected', BOTH, { request: false, verify: false, decline: false, remove: false, needsView: false }],
    ['remover, verified', 'Approved', BOTH, { request: false, verify: false, decline: false, remove: true, needsView: false }],
  ] as const)('%s', (_name, state, actor, expected) => {
    expect(verificationOptions(subject(state), actor)).toEqual(expected);
  });
});
