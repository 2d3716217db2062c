import { roleWithDuty } from '../../../engine/access/role-duties.js';
import { holdsNamed } from '../../rules/evaluate.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { AttestationApproval, AttestationItem } from '../../../engine/records/user-records-api.js';
import { attestationStep } from '../../../engine/workflows/attestation.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso, timestampText } from '../../data/clock.js';
import { forbidden, notFound, textError } from '../../errors.js';
import { escapeHtml } from '../../mail/render-mail.js';
import { may } from '../record-access.js';
import { sanitiseRichText } from '../rich-text/sanitise-rich-text.js';
import { personHeader } from './person.js';

/** The table attestations are kept in; the entity stored there (metadata/entities/attestation.json) holds their access rules. */
const ATTESTATION_TABLE = 'attestations';

/** The attestation entity: the one whose storage is the attestations table (its id lives in the metadata only). */
export function attestationEntity(ctx: AppContext): Entity | undefined {
  return [...ctx.registry.entities.values()].find((e) => e.storage.kind === 'table' && e.storage.table === ATTESTATION_TABLE);
}

function attestationEntityOrThrow(ctx: AppContext): Entity {
  const entity = attestationEntity(ctx);
  if (!entity) throw notFound('Entity type');
  return entity;
}

interface StoredAttestation {
  organization_id: number;
  approved: boolean | number;
  attestation_date: string | Date | null;
  attestor_id: number | null;
  attestation_text: string;
  comment: string | null;
  first_name: string | null;
  last_name: string | null;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : timestampText(v));

/** The tenant's attestation text (texts `attestation.text`, rich text markup allowed) naming the employer. */
function attestationText(ctx: AppContext, employerName: string): string {
  return sanitiseRichText((ctx.registry.texts['attestation.text'] ?? '').replace(/\{employer\}/g, escapeHtml(employerName)), { links: true });
}

/** The person's employers: organizations where they hold an active staff role (roles.json duty 'staff'). */
async function employers(ctx: AppContext, userId: number): Promise<Map<number, string>> {
  const staffRole = roleWithDuty(ctx.registry.roles, 'staff');
  if (staffRole === undefined) return new Map();
  const rows = (await ctx.db.knex('user_roles as r').join('organizations as o', 'o.id', 'r.organization_id')
    .where({ 'r.user_id': userId, 'r.role': staffRole, 'r.active': true }).distinct('o.id', 'o.organization_name')) as { id: number; organization_name: string }[];
  return new Map(rows.map((r) => [Number(r.id), r.organization_name]));
}

/** The caller as the attestation step sees them, through the named rules (metadata/rules.json). */
async function actorFor(ctx: AppContext, context: RuleContext, userId: number, organizationId: number, employs: boolean) {
  const entity = attestationEntityOrThrow(ctx);
  return {
    actingAsDirector: await holdsNamed(ctx.registry, 'actingAsDirector', context),
    holdsCoachRole: await holdsNamed(ctx.registry, 'isCoach', context),
    directsEmployer: employs && await may(entity, 'create', context, { userId, organizationId }),
  };
}

/** GET /api/attestation?userId=: one item per current employer, plus attestations kept from earlier employers. */
export async function listAttestations(ctx: AppContext, context: RuleContext, userId: number): Promise<AttestationItem[]> {
  const entity = attestationEntityOrThrow(ctx);
  if (!(await may(entity, 'read', context, { userId }))) throw forbidden();
  await personHeader(ctx, userId);
  const current = await employers(ctx, userId);
  const stored = (await ctx.db.knex(`${ATTESTATION_TABLE} as a`).leftJoin('users as u', 'u.id', 'a.attestor_id')
    .where({ 'a.user_id': userId, 'a.disabled': false })
    .select('a.organization_id', 'a.approved', 'a.attestation_date', 'a.attestor_id', 'a.attestation_text', 'a.comment', 'u.first_name', 'u.last_name')) as StoredAttestation[];
  const byOrg = new Map(stored.map((s) => [Number(s.organization_id), s]));
  const names = new Map(current);
  const former = [...byOrg.keys()].filter((id) => !names.has(id));
  if (former.length) {
    for (const o of (await ctx.db.knex('organizations').whereIn('id', former).select('id', 'organization_name')) as { id: number; organization_name: string }[]) {
      names.set(Number(o.id), o.organization_name);
    }
  }
  const items = await Promise.all([...names].map(async ([organizationId, employerName]): Promise<AttestationItem> => {
    const s = byOrg.get(organizationId);
    const approved = s !== undefined && (s.approved === true || s.approved === 1);
    return {
      organizationId, employerName,
      text: s?.attestation_text ?? attestationText(ctx, employerName),
      approved,
      attestationDate: s ? iso(s.attestation_date) : null,
      attestorId: s?.attestor_id ?? null,
      attestorName: s?.first_name ? `${s.first_name} ${s.last_name ?? ''}`.trim() : null,
      comment: s?.comment ?? null,
      canAttest: !approved && attestationStep({ approved }, { type: 'approve' }, await actorFor(ctx, context, userId, organizationId, current.has(organizationId))).ok,
    };
  }));
  return items.sort((a, b) => a.employerName.localeCompare(b.employerName) || a.organizationId - b.organizationId);
}

export interface AttestationRequest {
  userId: number;
  organizationId: number;
  comment?: string | null;
}

/**
 * POST /api/attestation: a director of the person's employer attests. One transaction: the
 * attestation (with the text attested) and its audit row; a second attestation is a 409.
 */
export async function approveAttestation(ctx: AppContext, context: RuleContext, req: AttestationRequest): Promise<AttestationApproval> {
  const current = await employers(ctx, req.userId);
  const existing = (await ctx.db.knex(ATTESTATION_TABLE).where({ user_id: req.userId, organization_id: req.organizationId, disabled: false }).first('approved')) as { approved: boolean | number } | undefined;
  const step = attestationStep({ approved: existing !== undefined && Boolean(existing.approved) }, { type: 'approve', comment: req.comment ?? null },
    await actorFor(ctx, context, req.userId, req.organizationId, current.has(req.organizationId)));
  if (!step.ok) throw textError(step.code, step.textKey, step.message);
  const attestor = await personHeader(ctx, context.user.id);
  const at = nowIso();
  await ctx.db.knex.transaction(async (trx) => {
    const inserted = (await trx(ATTESTATION_TABLE).insert({
      user_id: req.userId, organization_id: req.organizationId, approved: true, attestation_date: at, attestor_id: context.user.id,
      attestation_text: attestationText(ctx, current.get(req.organizationId)!), comment: step.comment,
      disabled: false, created_at: at, updated_at: at, created_by: context.user.id, updated_by: context.user.id,
    }).onConflict(['user_id', 'organization_id']).ignore().returning('id')) as ({ id: number } | number)[];
    const first = inserted[0];
    if (first === undefined) throw textError('conflict', 'attestation.alreadyApproved', 'This attestation has already been approved.');
    const id = Number(typeof first === 'object' ? first.id : first);
    await writeAudit(trx, { userId: context.user.id, action: 'attestation.approve', entityTypeId: attestationEntityOrThrow(ctx).id, entityId: id, detail: { userId: req.userId, organizationId: req.organizationId, comment: step.comment } });
  });
  return { attestorId: context.user.id, attestorName: attestor.fullName, attestationDate: at, approved: true, comment: step.comment };
}
