import { registrationWindow } from '../../../engine/enrollment/registration-window.js';
import { holdsNamed } from '../../rules/evaluate.js';
import { isInRegion } from '../../../engine/enrollment/training-region.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { textError } from '../../errors.js';
import type { OwnOrganization } from './enrollment-access.js';
import type { LockedSection } from './section-lock.js';

/** Whether a person registering through the organization (or none) is in the section's region. */
export function inSectionRegion(ctx: AppContext, section: Pick<LockedSection, 'region'>, organization: OwnOrganization | null): boolean {
  return isInRegion(ctx.registry.tenant.trainingRegions, section.region, organization?.county ?? null);
}

/**
 * A professional's own registration (rule registrationWindowApplies, acting as 100) is refused
 * before the registration start and after the deadline, as the browser disables the button
 * (spec part 3 section 5); for everyone else the window is a warning only.
 */
export async function guardOwnWindow(ctx: AppContext, caller: RuleContext, section: LockedSection): Promise<void> {
  if (!(await holdsNamed(ctx.registry, 'registrationWindowApplies', caller))) return;
  const state = registrationWindow(caller.today, section.regStartDate, section.regDeadlineDate);
  if (state === 'expired') throw textError('conflict', 'enrollment.pastDeadline', 'Past Registration Deadline');
  if (state === 'notStarted') throw textError('conflict', 'enrollment.notStarted', 'Registration Has Not Started');
}

/** Own registration out of region goes through an out-of-region request (the QEA's approval), never straight to a seat. */
export function guardOwnRegion(ctx: AppContext, section: LockedSection, organization: OwnOrganization | null): void {
  if (!inSectionRegion(ctx, section, organization)) throw textError('conflict', 'enrollment.outOfRegionRefused', 'Out of region registration requires approval: request registration instead.');
}

/** No registration change in a locked section (recordIsLocked). */
export function guardUnlocked(section: LockedSection): void {
  if (section.locked) throw textError('conflict', 'enrollment.sectionLocked', 'This training session is locked: registrations can no longer change.');
}

/** A required comment (staff enrollment, out-of-region review): trimmed, not empty. */
export function requiredComment(comment: string | null | undefined): string {
  const text = comment?.trim() ?? '';
  if (!text) throw textError('invalid', 'enrollment.commentRequired', 'A comment is required.', 'comment');
  return text;
}

export const optionalComment = (comment: string | null | undefined): string | null => comment?.trim() || null;
