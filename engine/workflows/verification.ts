/**
 * Verification of a record (spec part 2 sections 3, 4 and 6; part 3 "Verification by reviewer"):
 * the owner requests it; a reviewer verifies or declines it (a comment is required to decline)
 * after viewing the record and downloading its file; some roles remove a verification.
 * A pure state machine: (state, event, actor) -> next state and what to write | refusal.
 */

/** The record's state, from its verificationStatus / verified fields ('None': never or no longer verified). */
export type VerificationState = 'None' | 'Requested' | 'Approved' | 'Rejected';

export type VerificationEventType = 'request' | 'verify' | 'decline' | 'remove';

export interface VerificationEvent {
  type: VerificationEventType;
  comment?: string | null;
}

/** Action types of the history (entity 29): the spec's 1, 3 and 4; removal is ours. */
export const VERIFICATION_ACTION = { request: 1, verify: 3, decline: 4, remove: 5 } as const satisfies Record<VerificationEventType, number>;
export type VerificationActionType = (typeof VERIFICATION_ACTION)[VerificationEventType];

/** The record as the rules see it. */
export interface VerificationSubject {
  state: VerificationState;
  /** false for records that are never verified (endorsements, training sent through the API) */
  available: boolean;
  disabled: boolean;
  /** a declined record may still be verified (experience start dates); else it waits for a new request */
  reverifyDeclined?: boolean;
}

/** The caller as the rules see them, worked out from the entity's verification metadata. */
export interface VerificationActor {
  isOwner: boolean;
  /** the entity's review rule holds for this record (role and scope) */
  mayReview: boolean;
  /** the entity's remove rule holds for this record */
  mayRemove: boolean;
  /** opened the record through the verification view since it last changed */
  viewed: boolean;
  /** downloaded the record's file (true when it has none) */
  downloaded: boolean;
}

/** What the record's own fields become. */
export interface RecordVerificationFields {
  verificationStatus: 'Requested' | 'Approved' | 'Rejected' | null;
  verified: boolean;
}

export type RefusalCode = 'forbidden' | 'conflict' | 'invalid';

export interface VerificationRefusal {
  ok: false;
  reason: RefusalReason;
  code: RefusalCode;
  /** a key of the text catalogue */
  textKey: string;
  message: string;
  /** the request field at fault, for 400 answers */
  field?: string;
}

export interface VerificationStep {
  ok: true;
  next: VerificationState;
  actionType: VerificationActionType;
  record: RecordVerificationFields;
  comment: string | null;
}

export const VERIFICATION_REFUSALS = {
  notOwner: ['forbidden', 'verification.notOwner', 'Only the owner of a record can request its verification.'],
  notReviewer: ['forbidden', 'error.forbidden', 'Insufficient access privileges'],
  ownRecord: ['forbidden', 'verification.ownRecord', 'You cannot verify or remove the verification of your own record.'],
  unavailable: ['conflict', 'verification.unavailable', 'Verification is not available for this record.'],
  disabled: ['conflict', 'verification.disabled', 'This record is disabled.'],
  alreadyRequested: ['conflict', 'verification.alreadyRequested', 'Verification has already been requested for this record.'],
  alreadyVerified: ['conflict', 'verification.alreadyVerified', 'This record is already verified.'],
  alreadyDeclined: ['conflict', 'verification.alreadyDeclined', 'The verification of this record was declined; its owner may request it again.'],
  notVerified: ['conflict', 'verification.notVerified', 'This record is not verified.'],
  viewFirst: ['conflict', 'verification.viewFirst', 'View and download to enable approval/rejection'],
  commentRequired: ['invalid', 'verification.commentRequired', 'A comment is required to decline a verification.'],
} as const satisfies Record<string, readonly [RefusalCode, string, string]>;
export type RefusalReason = keyof typeof VERIFICATION_REFUSALS;

export function verificationRefusal(reason: RefusalReason): VerificationRefusal {
  const [code, textKey, message] = VERIFICATION_REFUSALS[reason];
  return { ok: false, reason, code, textKey, message, ...(reason === 'commentRequired' ? { field: 'comments' } : {}) };
}

const RECORD: Record<VerificationState, RecordVerificationFields> = {
  None: { verificationStatus: null, verified: false },
  Requested: { verificationStatus: 'Requested', verified: false },
  Approved: { verificationStatus: 'Approved', verified: true },
  Rejected: { verificationStatus: 'Rejected', verified: false },
};

/** The state a record is in, read from its own fields. */
export function verificationStateOf(row: Readonly<Record<string, unknown>>): VerificationState {
  if (row.verificationStatus === 'Requested') return 'Requested';
  if (row.verificationStatus === 'Approved' || row.verified === true) return 'Approved';
  if (row.verificationStatus === 'Rejected') return 'Rejected';
  return 'None';
}

const NEXT: Record<VerificationEventType, VerificationState> = { request: 'Requested', verify: 'Approved', decline: 'Rejected', remove: 'None' };

/** The first rule the event breaks, or null. */
function refusalOf(s: VerificationSubject, e: VerificationEventType, a: VerificationActor, comment: string | null): RefusalReason | null {
  if (e === 'request') {
    if (!a.isOwner) return 'notOwner';
  } else {
    if (!(e === 'remove' ? a.mayRemove : a.mayReview)) return 'notReviewer';
    if (a.isOwner) return 'ownRecord';
  }
  if (e === 'remove') return s.state === 'Approved' ? null : 'notVerified';
  if (!s.available) return 'unavailable';
  if (s.disabled) return 'disabled';
  if (s.state === 'Approved') return 'alreadyVerified';
  if (e === 'request') return s.state === 'Requested' ? 'alreadyRequested' : null;
  // verify and decline: hidden once verified or declined (part 2 section 6)
  if (s.state === 'Rejected' && !(e === 'verify' && s.reverifyDeclined)) return 'alreadyDeclined';
  if (!a.viewed || !a.downloaded) return 'viewFirst';
  if (e === 'decline' && comment === null) return 'commentRequired';
  return null;
}

/** Applies an event: the next state, the history action and the record's fields, or why not. */
export function stepVerification(subject: VerificationSubject, event: VerificationEvent, actor: VerificationActor): VerificationStep | VerificationRefusal {
  const comment = event.comment?.trim() ? event.comment.trim() : null;
  const reason = refusalOf(subject, event.type, actor, comment);
  if (reason) return verificationRefusal(reason);
  const next = NEXT[event.type];
  return { ok: true, next, actionType: VERIFICATION_ACTION[event.type], record: RECORD[next], comment };
}

/** What the caller may do now (buttons to show); `verify`/`decline` ignore the view rule, reported as `needsView`. */
export interface VerificationOptions {
  request: boolean;
  verify: boolean;
  decline: boolean;
  remove: boolean;
  /** Verify / Decline stay disabled until the record is viewed and its file downloaded */
  needsView: boolean;
}

export function verificationOptions(subject: VerificationSubject, actor: VerificationActor): VerificationOptions {
  const seen: VerificationActor = { ...actor, viewed: true, downloaded: true };
  const allowed = (type: VerificationEventType, who: VerificationActor) => stepVerification(subject, { type, comment: 'x' }, who).ok;
  const verify = allowed('verify', seen);
  return {
    request: allowed('request', actor),
    verify,
    decline: allowed('decline', seen),
    remove: allowed('remove', actor),
    needsView: verify && !(actor.viewed && actor.downloaded),
  };
}
