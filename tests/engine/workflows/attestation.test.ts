import { describe, expect, it } from 'vitest';
import { attestationStep, type AttestationActor } from '../../../engine/workflows/attestation.js';

const director: AttestationActor = { actingAsDirector: true, holdsCoachRole: false, directsEmployer: true };

describe('attestation: unapproved -> approved by a director of the employer', () => {
  it('approves, keeping a trimmed comment (none when blank)', () => {
    expect(attestationStep({ approved: false }, { type: 'approve', comment: '  Reviewed with her.  ' }, director)).toEqual({ ok: true, next: { approved: true }, comment: 'Reviewed with her.' });
    expect(attestationStep({ approved: false }, { type: 'approve', comment: '   ' }, director)).toEqual({ ok: true, next: { approved: true }, comment: null });
  });

  it.each([
    ['acting as a professional', { ...director, actingAsDirector: false }],
    ['a director of another organization', { ...director, directsEmployer: false }],
    ['a holder of the coach role', { ...director, holdsCoachRole: true }],
  ])('refuses %s (forbidden)', (_who, actor) => {
    expect(attestationStep({ approved: false }, { type: 'approve' }, actor)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('refuses a second approval (conflict), after the access check', () => {
    expect(attestationStep({ approved: true }, { type: 'approve' }, director)).toMatchObject({ ok: false, code: 'conflict', textKey: 'attestation.alreadyApproved' });
    expect(attestationStep({ approved: true }, { type: 'approve' }, { ...director, directsEmployer: false })).toMatchObject({ ok: false, code: 'forbidden' });
  });
});
