import { ENROLLMENT_STATUS } from './enrollment-status.js';
import type { WindowState } from './registration-window.js';

/*
 * The browser's registration flow (spec part 3 section 4 "Registration flow" and section 8
 * "Registration"): which dialog follows which answer of the server. Pure: the screens ask the
 * person and call the API; the text keys are those of metadata/texts/enrollment.json.
 */

/** A message to show: its title (null: the dialog's default) and text, with the placeholders it takes. */
export interface Shown { titleKey: string | null; messageKey: string; position?: number }

/** What follows POST /enrollment/register: a message, or the waitlist offer (4). */
export type AfterRegister = { kind: 'show'; shown: Shown } | { kind: 'offerWaitlist' };

const show = (titleKey: string | null, messageKey: string): Shown => ({ titleKey, messageKey });
const REGISTERED = show('enrollment.registered.title', 'enrollment.registered.message');

/** register: 1 success, 2 already registered, 3 full, 4 offer the waitlist; anything else an error. */
export function afterRegister(code: unknown): AfterRegister {
  if (code === 4) return { kind: 'offerWaitlist' };
  if (code === 1) return { kind: 'show', shown: REGISTERED };
  if (code === 2) return { kind: 'show', shown: show(null, 'enrollment.alreadyRegistered') };
  if (code === 3) return { kind: 'show', shown: show(null, 'enrollment.full') };
  return { kind: 'show', shown: show(null, 'enrollment.registerError') };
}

/**
 * waitlist: a position (1 and above), -2 already placed, -3 waitlist full, else an error. A seat
 * freed since the offer is taken at once and answered 1 as well: the person's status read after
 * the call (Registered rather than Waitlisted) tells it apart, and 'Registration Successful!' follows.
 */
export function afterWaitlist(answer: unknown, statusAfter: string): Shown {
  if (typeof answer === 'number' && Number.isInteger(answer) && answer >= 1) {
    return statusAfter === ENROLLMENT_STATUS.registered ? REGISTERED : { ...show('enrollment.waitlisted.title', 'enrollment.waitlisted.message'), position: answer };
  }
  if (answer === -2) return show(null, 'enrollment.waitlistAlready');
  if (answer === -3) return show(null, 'enrollment.waitlistFull');
  return show(null, 'enrollment.waitlistError');
}

/** requestregistration (out of region): 1 submitted, 2 already registered, 3 full, else an error. */
export function afterRequest(code: unknown): Shown {
  if (code === 1) return show('enrollment.requestSubmitted.title', 'enrollment.requestSubmitted.message');
  if (code === 2) return show(null, 'enrollment.alreadyRegistered');
  if (code === 3) return show(null, 'enrollment.full');
  return show(null, 'enrollment.registerError');
}

/** Where one's own registration goes after the organizations are known (steps 2-4 of the flow). */
export type OrganizationStep = { kind: 'choose' } | { kind: 'one'; organizationId: string } | { kind: 'none' };

export function organizationStep(organizations: readonly { key: string }[]): OrganizationStep {
  if (organizations.length > 1) return { kind: 'choose' };
  if (organizations.length === 1) return { kind: 'one', organizationId: organizations[0]!.key };
  return { kind: 'none' };
}

/**
 * The title warning staff before enrolling someone outside the window or the region (spec part 3
 * section 4); null when there is nothing to warn about. Registration may proceed either way.
 */
export function staffWarningKey(window: WindowState, inRegion: boolean): string | null {
  if (inRegion) return window === 'expired' ? 'enrollment.warning.expired' : window === 'notStarted' ? 'enrollment.warning.notOpen' : null;
  if (window === 'expired') return 'enrollment.warning.outOfRegionExpired';
  if (window === 'notStarted') return 'enrollment.warning.outOfRegionNotOpen';
  return 'enrollment.warning.outOfRegion';
}

/** The details modal's Register button: hidden, shown disabled with a label, or offered. */
export type RegisterButton = { kind: 'hidden' } | { kind: 'disabled'; labelKey: string } | { kind: 'offered' };

/**
 * Spec part 3 section 5: hidden for a trainer (who may not register themself) and when the section
 * already has a status, except Registered, which shows 'Already Registered' disabled; the window's
 * gating only where it applies (acting as 100).
 */
export function registerButton(o: { registersSelf: boolean; windowApplies: boolean; status: string; registrationWindow: WindowState }): RegisterButton {
  if (!o.registersSelf) return { kind: 'hidden' };
  if (o.status === ENROLLMENT_STATUS.registered) return { kind: 'disabled', labelKey: 'enrollment.alreadyRegisteredButton' };
  if (o.status !== '') return { kind: 'hidden' };
  if (o.windowApplies && o.registrationWindow === 'expired') return { kind: 'disabled', labelKey: 'enrollment.pastDeadline' };
  if (o.windowApplies && o.registrationWindow === 'notStarted') return { kind: 'disabled', labelKey: 'enrollment.notStarted' };
  return { kind: 'offered' };
}
