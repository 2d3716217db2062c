import { describe, expect, it } from 'vitest';
import { afterRegister, afterRequest, afterWaitlist, organizationStep, registerButton, staffWarningKey } from '../../../engine/enrollment/registration-flow.js';

describe('the dialog after each answer (spec part 3 sections 4 and 8)', () => {
  it.each([
    [1, { kind: 'show', shown: { titleKey: 'enrollment.registered.title', messageKey: 'enrollment.registered.message' } }],
    [2, { kind: 'show', shown: { titleKey: null, messageKey: 'enrollment.alreadyRegistered' } }],
    [3, { kind: 'show', shown: { titleKey: null, messageKey: 'enrollment.full' } }],
    [4, { kind: 'offerWaitlist' }],
    [0, { kind: 'show', shown: { titleKey: null, messageKey: 'enrollment.registerError' } }],
    ['1', { kind: 'show', shown: { titleKey: null, messageKey: 'enrollment.registerError' } }],
  ] as const)('register %s', (code, expected) => { expect(afterRegister(code)).toEqual(expected); });

  it.each([
    [3, 'Waitlisted', 'enrollment.waitlisted.message', 3],
    [1, 'Waitlisted', 'enrollment.waitlisted.message', 1],
    [1, 'Registered', 'enrollment.registered.message', undefined],
    [-2, '', 'enrollment.waitlistAlready', undefined],
    [-3, '', 'enrollment.waitlistFull', undefined],
    [0, '', 'enrollment.waitlistError', undefined],
    [1.5, 'Waitlisted', 'enrollment.waitlistError', undefined],
  ] as const)('waitlist %s with status %s', (answer, status, messageKey, position) => {
    const shown = afterWaitlist(answer, status);
    expect(shown.messageKey).toBe(messageKey);
    expect(shown.position).toBe(position);
  });

  it.each([
    [1, 'enrollment.requestSubmitted.message'], [2, 'enrollment.alreadyRegistered'], [3, 'enrollment.full'], [-1, 'enrollment.registerError'],
  ] as const)('request %s', (code, key) => { expect(afterRequest(code).messageKey).toBe(key); });

  it.each([
    [[], 'none'], [[{ key: '7' }], 'one'], [[{ key: '7' }, { key: '8' }], 'choose'],
  ] as const)('organizations %o -> %s', (orgs, kind) => { expect(organizationStep(orgs).kind).toBe(kind); });
  it('one organization is the one registered through', () => { expect(organizationStep([{ key: '7' }])).toEqual({ kind: 'one', organizationId: '7' }); });
});

describe('staff warnings', () => {
  it.each([
    ['open', true, null],
    ['expired', true, 'enrollment.warning.expired'],
    ['notStarted', true, 'enrollment.warning.notOpen'],
    ['open', false, 'enrollment.warning.outOfRegion'],
    ['expired', false, 'enrollment.warning.outOfRegionExpired'],
    ['notStarted', false, 'enrollment.warning.outOfRegionNotOpen'],
  ] as const)('%s, in region %s', (window, inRegion, key) => { expect(staffWarningKey(window, inRegion)).toBe(key); });
});

describe('the Register button of the details modal', () => {
  const base = { registersSelf: true, windowApplies: true, status: '', registrationWindow: 'open' } as const;
  it.each([
    ['offered', base, { kind: 'offered' }],
    ['a trainer', { ...base, registersSelf: false }, { kind: 'hidden' }],
    ['registered', { ...base, status: 'Registered' }, { kind: 'disabled', labelKey: 'enrollment.alreadyRegisteredButton' }],
    ['waitlisted', { ...base, status: 'Waitlisted' }, { kind: 'hidden' }],
    ['pending', { ...base, status: 'Pending Approval' }, { kind: 'hidden' }],
    ['past the deadline', { ...base, registrationWindow: 'expired' }, { kind: 'disabled', labelKey: 'enrollment.pastDeadline' }],
    ['not started', { ...base, registrationWindow: 'notStarted' }, { kind: 'disabled', labelKey: 'enrollment.notStarted' }],
    ['no window gating (not acting as 100)', { ...base, windowApplies: false, registrationWindow: 'expired' }, { kind: 'offered' }],
  ] as const)('%s', (_name, input, expected) => { expect(registerButton(input)).toEqual(expected); });
});
