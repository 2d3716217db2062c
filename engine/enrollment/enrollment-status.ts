/**
 * Enrollment statuses (spec part 3 section 4) and the places they hold in a section. A person has
 * at most one active enrollment (Registered, Waitlisted or Pending Approval) per section: the
 * unique index of migration 031. Only Registered takes a seat and only Waitlisted a waitlist seat;
 * a pending out-of-region request holds neither until it is accepted.
 */
export const ENROLLMENT_STATUS = {
  registered: 'Registered',
  unregistered: 'Unregistered',
  systemCancellation: 'System Cancellation',
  pendingApproval: 'Pending Approval',
  denied: 'Denied',
  canceled: 'Canceled',
  messageSent: 'Message Sent',
  waitlisted: 'Waitlisted',
} as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUS)[keyof typeof ENROLLMENT_STATUS];

export const ACTIVE_STATUSES: readonly string[] = [ENROLLMENT_STATUS.registered, ENROLLMENT_STATUS.waitlisted, ENROLLMENT_STATUS.pendingApproval];

/**
 * Whether a place can be cancelled (spec part 3 section 6: hidden for locked sections and for
 * Unregistered, System Cancellation, Pending Approval and Denied). Only a held place (a seat or a
 * waitlist seat) is cancelled; the other statuses hold nothing.
 */
export function isCancellable(status: string, sectionLocked: boolean): boolean {
  return !sectionLocked && (status === ENROLLMENT_STATUS.registered || status === ENROLLMENT_STATUS.waitlisted);
}
