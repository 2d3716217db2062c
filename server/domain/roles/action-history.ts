import type { AppContext } from '../../app-context.js';
import { timestampText } from '../../data/clock.js';
import { roleActionById, roleActionRows } from '../../data/role-store.js';
import { notFound } from '../../errors.js';

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
 * GET /api/userorganizationroles/actionhistory (its access: rule mayWriteUsers): every role promotion action
 * of the person, one entry per scope (organization), oldest action first; the asked-for action
 * must be the person's (404 otherwise).
 */
export async function actionHistory(ctx: AppContext, rolePromotionId: number, primaryEntityId: number): Promise<ScopeHistory[]> {
  const { knex } = ctx.db;
  const asked = await roleActionById(knex, rolePromotionId);
  if (!asked || asked.userId !== primaryEntityId) throw notFound('Request');
  const rows = await roleActionRows(knex, { user_id: primaryEntityId });
  const scopes = new Map<number, ScopeHistory>();
  for (const r of rows) {
    const organizationId = Number(r.organization_id);
    const scope = scopes.get(organizationId) ?? {
      scope: r.organization_name ?? '', organizationId, employmentRecordId: null, current: organizationId === Number(asked.organizationId), history: [],
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
