import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { AttestationApproval, AttestationItem } from '../../../engine/records/user-records-api.js';
import { fireTransition, initialState } from '../../../engine/workflows/workflow-engine.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { ATTESTATION_TABLE, attestationsOf } from '../../data/attestation-store.js';
import { timestampText } from '../../data/clock.js';
import { organizationsWithRole } from '../../data/held-role-store.js';
import { organizationNames } from '../../data/organization-store.js';
import { forbidden, notFound } from '../../errors.js';
import { escapeHtml } from '../../mail/render-mail.js';
import { may } from '../record-access.js';
import { sanitiseRichText } from '../rich-text/sanitise-rich-text.js';
import { personHeader } from './person.js';
import { settle } from '../../rules/evaluate.js';
import { takeStep } from '../workflows/fire-transition.js';
import { workflowTarget } from '../workflows/workflow-target.js';

/** The attestation workflow's step that makes an attestation. */
const APPROVE = 'approve';

/** The attestation entity: the one whose storage is the attestations table (its id lives in the metadata only). */
export function attestationEntity(ctx: AppContext): Entity | undefined {
  return [...ctx.registry.entities.values()].find((e) => e.storage.kind === 'table' && e.storage.table === ATTESTATION_TABLE);
}

function attestationEntityOrThrow(ctx: AppContext): Entity {
  const entity = attestationEntity(ctx);
  if (!entity) throw notFound('Entity type');
  return entity;
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
  const rows = await organizationsWithRole(ctx.db.knex, userId, staffRole);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The attestation workflow (metadata/workflows/attestation.json): its one step makes an attestation. */
function attestationTarget(ctx: AppContext) {
  return workflowTarget(ctx, attestationEntityOrThrow(ctx).id);
}

/** Whether the caller may attest for this employer now: the workflow's step, tried without storing anything. */
async function mayAttest(ctx: AppContext, context: RuleContext, userId: number, organizationId: number): Promise<boolean> {
  const { workflow } = attestationTarget(ctx);
  return (await settle(context, () => fireTransition(workflow, initialState(workflow), APPROVE, context, { row: { userId, organizationId } }, null))).ok;
}

/** GET /api/attestation?userId=: one item per current employer, plus attestations kept from earlier employers. */
export async function listAttestations(ctx: AppContext, context: RuleContext, userId: number): Promise<AttestationItem[]> {
  const entity = attestationEntityOrThrow(ctx);
  if (!(await may(entity, 'read', context, { userId }))) throw forbidden();
  await personHeader(ctx, userId);
  const current = await employers(ctx, userId);
  const stored = await attestationsOf(ctx.db.knex, userId);
  const byOrg = new Map(stored.map((s) => [Number(s.organization_id), s]));
  const names = new Map(current);
  const former = [...byOrg.keys()].filter((id) => !names.has(id));
  if (former.length) {
    for (const o of await organizationNames(ctx.db.knex, former)) {
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
      canAttest: !approved && await mayAttest(ctx, context, userId, organizationId),
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
 * POST /api/attestation: a director of the person's employer attests (the workflow's step
 * `approve`, which makes the attestation with the text attested, its audit row in the same change);
 * a second attestation is a 409.
 */
export async function approveAttestation(ctx: AppContext, context: RuleContext, req: AttestationRequest): Promise<AttestationApproval> {
  const done = await takeStep(ctx, context, attestationTarget(ctx), {
    values: { userId: req.userId, organizationId: req.organizationId }, transition: APPROVE, comment: req.comment ?? null,
  });
  const attestor = await personHeader(ctx, context.user.id);
  return { attestorId: context.user.id, attestorName: attestor.fullName, attestationDate: String(done.row.attestationDate), approved: true, comment: (done.row.comment as string | null) ?? null };
}
