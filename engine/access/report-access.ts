import type { Report } from '../metadata/report-schema.js';
import { compileRowRule } from '../rules/row-rule.js';
import type { RuleContext } from '../rules/rule-context.js';

/**
 * Who may read a person's report at an organization: the report's access rule (metadata/reports.json)
 * over `row.userId` (the person) and `row.organizationId` (null: no organization), with the
 * semantics of the row scopes.
 */
export function mayReadReport(report: Pick<Report, 'access'>, context: RuleContext, ownerId: number, organizationId: number | null): boolean {
  return compileRowRule(report.access.read, context)({ userId: ownerId, organizationId });
}
