import type { EndorsementDetail } from '../../../engine/records/user-records-api.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../errors.js';
import { entityOrThrow, readableRecord } from '../record-commands.js';
import { personHeader } from './person.js';

/** Endorsements are certification/credential rows (entity 7) flagged isEndorsement. */
const CERTIFICATION_ENTITY = 7;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * GET /api/endorsement/detail/{id}: the certification entity's read rule decides (the owner, their
 * directors, licensing staff, managers); 404 for an id that is not an endorsement.
 */
export async function endorsementDetail(ctx: AppContext, context: RuleContext, id: number): Promise<EndorsementDetail> {
  const row = await readableRecord(ctx, context, entityOrThrow(ctx, CERTIFICATION_ENTITY), id);
  if (row.isEndorsement !== true) throw notFound('Endorsement');
  const person = await personHeader(ctx, Number(row.userId));
  return {
    FullName: person.fullName,
    Email: person.email,
    RegistryId: person.registryId,
    EndorsementName: String(row.certificationName),
    EndorsementSubcategory: text(row.endorsementSubcategory),
    EndorsementStartDate: text(row.issueDate),
    EndorsementEndDate: text(row.expirationDate),
    EndorsementRenewDate: text(row.renewDate),
    EndorsementAwardingInstitution: text(row.issuingBody),
  };
}
