import { requestableRoles } from '../../../engine/access/role-duties.js';
import type { MetadataIndex } from '../../app/metadata.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { fireTransition, initialState } from '../../../engine/workflows/workflow-engine.js';
import type { EmploymentRoles } from './employment-api.js';

/** The workflow role requests run (metadata/workflows/role-request.json) and its step that makes one. */
const WORKFLOW = 'role-request';
const REQUEST = 'request';

/** A role the person may ask for at an employment: `refusal` when asking would be refused at once with this message. */
export interface RequestOption {
  role: string;
  refusal: string | null;
}


/**
 * The employment row as it stands now, from the roles and requests just loaded (fresher than the
 * grid row after a request): the roles held and the requests waiting, by role.
 */
export function currentEmployment(m: MetadataIndex, row: Readonly<Record<string, unknown>>, loaded: EmploymentRoles): Record<string, unknown> {
  const answered = new Set(loaded.requests.map((r) => r.parentActionId).filter((id) => id !== null));
  const out: Record<string, unknown> = { ...row };
  for (const role of requestableRoles(m.roleById)) {
    out[`has${role}Role`] = loaded.active.roles.some((r) => r.roleName === role);
    out[`pending${role}`] = loaded.requests.some((r) => r.actionType === 1 && r.roleRequested.roleName === role && !answered.has(r.rolePromotionActionId));
  }
  return out;
}

/**
 * The roles the person may ask for, by the workflow's own rules run here as the server runs them
 * (the same engine and metadata): offered when the step would be taken, or refused by a guard that
 * only disables it (asking answers its message at once: the director role for another title).
 */
export function requestOptions(m: MetadataIndex, context: RuleContext, employment: Readonly<Record<string, unknown>>): RequestOption[] {
  const workflow = m.workflows.find((w) => w.id === WORKFLOW);
  if (!workflow) return [];
  const step = workflow.transitions.find((t) => t.id === REQUEST);
  return requestableRoles(m.roleById).flatMap((role): RequestOption[] => {
    const outcome = fireTransition(workflow, initialState(workflow), REQUEST, context, { row: { role, employmentRecordId: employment.id }, parent: employment }, null);
    if (outcome.ok) return [{ role, refusal: null }];
    const disabling = outcome.refusal.reason === 'guard' && step?.guards?.some((g) => g.disables === true && g.message === outcome.refusal.textKey);
    return disabling ? [{ role, refusal: outcome.refusal.textKey }] : [];
  });
}
