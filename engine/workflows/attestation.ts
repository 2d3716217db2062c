/**
 * Attestation of a staff member's records by a director (spec part 2 sections 3, 4 and 5):
 * unapproved becomes approved once a role-200 user of that employer ticks and confirms. There is
 * no way back: an attestation is a statement made on a date. Holders of role 300 never attest.
 * A pure state machine: (state, event, actor) -> next state | refusal.
 */

export interface AttestationState {
  approved: boolean;
}

export interface AttestationEvent {
  type: 'approve';
  comment?: string | null;
}

/** The caller as the rules see them; the scope comes from the entity's create rule. */
export interface AttestationActor {
  /** acting as director (active role 200) */
  actingAsDirector: boolean;
  /** holds role 300 (coach) in any organization */
  holdsCoachRole: boolean;
  /** directs the employer and the person holds the staff role there (the entity's create rule) */
  directsEmployer: boolean;
}

export type AttestationRefusal = { ok: false; code: 'forbidden' | 'conflict'; textKey: string; message: string };
export type AttestationStep = { ok: true; next: AttestationState; comment: string | null } | AttestationRefusal;

const refuse = (code: AttestationRefusal['code'], textKey: string, message: string): AttestationRefusal => ({ ok: false, code, textKey, message });

export function attestationStep(state: AttestationState, event: AttestationEvent, actor: AttestationActor): AttestationStep {
  if (actor.holdsCoachRole || !actor.actingAsDirector || !actor.directsEmployer) return refuse('forbidden', 'error.forbidden', 'Insufficient access privileges');
  if (state.approved) return refuse('conflict', 'attestation.alreadyApproved', 'This attestation has already been approved.');
  const comment = event.comment?.trim() ? event.comment.trim() : null;
  return { ok: true, next: { approved: true }, comment };
}
