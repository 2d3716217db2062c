import { ruleHolds } from './json-logic.js';
import type { RuleContext } from './rule-context.js';

/**
 * Whether a named rule of the rule library (metadata/rules.json, references already inlined)
 * holds. Code names a rule, never the role codes inside it; a missing rule is a metadata defect.
 */
/** Rules the application evaluates by name: metadata:check reports a library without one of them. */
export const RULES_NAMED_IN_CODE = [
  'actingAsDirector', 'isCoach', 'mayWriteUsers', 'directsRowOrganization', 'staffScreenCanView', 'seesProgramDetails',
  'managesStaffAssignments', 'showsRequestEmploymentRecord', 'managesUserAccess',
  'registersSelf', 'registrationWindowApplies', 'managesCourseEnrollment',
  'takesAttendance', 'seesAnyCertificate',
  'actingAsTrainer', 'administersMetadata', 'opensAgencyArchives',
] as const;
export type RuleNamedInCode = (typeof RULES_NAMED_IN_CODE)[number];

export function namedRuleHolds(rules: ReadonlyMap<string, unknown>, name: RuleNamedInCode, context: RuleContext): boolean {
  if (!rules.has(name)) throw new Error(`the rule library (rules.json) has no rule '${name}'`);
  return ruleHolds(rules.get(name), context);
}
