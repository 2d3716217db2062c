import { holdsNamed } from '../../rules/evaluate.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { timestampText } from '../../data/clock.js';
import { forbidden, notFound } from '../../errors.js';

interface ActionRow {
  id: number; organization_id: number; organization_name: string | null; employment_record_id: number | null; role: string;
  action_type: number; comments: string | null; created_at: string | Date; acting_user_name: string | null;
}

export interface HistoryEntry {
  rolePromotionActionId: number;
  actionType: number;
  roleRequested: { roleName: string };
  comments: string | null;
  lastChangeDateTime: string;
  userLastUpdated: { name: string };
}

export interface ScopeHistory {
  scope: string;
  organizationId: number;
  employmentRecordId: number | null;
  /** the scope of the action the list was asked for (the accordion opens it) */
  current: boolean;
  history: HistoryEntry[];
}

/**
 * GET /api/userorganizationroles/actionhistory (claim User.write.all): every role promotion action
 * of the person, one entry per scope (organization), oldest action first; the asked-for action
 * must be the person's (404 otherwise).
 */
export async function actionHistory(ctx: AppContext, context: RuleContext, rolePromotionId: number, primaryEntityId: number): Promise<ScopeHistory[]> {
  if (!(await holdsNamed(ctx.registry, 'mayWriteUsers', context))) throw forbidden();
  const { knex } = ctx.db;
  const asked = (await knex('role_actions').where({ id: rolePromotionId, user_id: primaryEntityId }).first('organization_id')) as { organization_id: number } | undefined;
  if (!asked) throw notFound('Request');
  const rows = (await knex('role_action_rows').where({ user_id: primaryEntityId }).orderBy('id')
    .select('id', 'organization_id', 'organization_name', 'employment_record_id', 'role', 'action_type', 'comments', 'created_at', 'acting_user_name')) as ActionRow[];
  const scopes = new Map<number, ScopeHistory>();
  for (const r of rows) {
    const organizationId = Number(r.organization_id);
    const scope = scopes.get(organizationId) ?? {
      scope: r.organization_name ?? '', organizationId, employmentRecordId: null, current: organizationId === Number(asked.organization_id), history: [],
    };
    if (r.employment_record_id !== null) scope.employmentRecordId = Number(r.employment_record_id);
    scope.history.push({
      rolePromotionActionId: Number(r.id), actionType: Number(r.action_type), roleRequested: { roleName: r.role }, comments: r.comments,
      lastChangeDateTime: timestampText(r.created_at), userLastUpdated: { name: r.acting_user_name ?? '' },
    });
    scopes.set(organizationId, scope);
  }
  return [...scopes.values()].sort((a, b) => Number(b.current) - Number(a.current) || a.scope.localeCompare(b.scope));
}
