import { storedValue } from '../../../../engine/workflows/workflow-engine.js';
import { verificationIdentifier } from '../../../../engine/records/verifiable-records.js';
import { publishEvent } from '../../../events/event-bus.js';
import { addAction, currentVerification, openVerification, personName, setVerificationStatus } from '../../../data/verification-store.js';
import { resolveAgency } from '../../verification/verification-agency.js';
import { personOf, type EffectHandler } from './effect-input.js';

/** What the case row says after each state of the record: its stored value, 'Removed' once none is left. */
const caseStatus = (value: string | null): string => value ?? 'Removed';
const OUTCOME = { 3: 'approved', 4: 'declined', 5: 'removed' } as const;

/**
 * The verification case (entity 15) and its history line (the spec's verification actions): a
 * request opens a new case; a decision brings the current case along when it stands where the
 * record stood, else opens one (a record verified without a request). The agency is the one the
 * step names, else a decider's first agency where the owner is on staff; the comment the step's. Publishes verification.requested / .decided.
 */
export const verificationCaseEffect: EffectHandler<'verificationCase'> = async (i) => {
  const { trx, entity, entityId, actorId } = i;
  const actionType = i.params.actionType;
  const before = caseStatus(i.from === '' ? null : storedValue(i.workflow, i.from));
  const status = caseStatus(storedValue(i.workflow, i.to));
  const ownerId = personOf(entity, i.row) ?? 0;
  const current = await currentVerification(trx, entity.id, entityId);
  let verificationId: number;
  if (actionType !== 1 && current && current.status === before) {
    verificationId = current.id;
    await setVerificationStatus(trx, current.id, status, status !== 'Removed', actorId);
  } else {
    verificationId = await openVerification(trx, {
      entityTypeId: entity.id, entityId, primaryEntityId: ownerId, verificationType: entity.displayName ?? entity.name,
      primaryEntityName: await personName(trx, ownerId), identifier: verificationIdentifier(entity, i.row, i.ctx.registry.tenant.timeZone), status,
    }, actorId);
    if (status === 'Removed') await setVerificationStatus(trx, verificationId, status, false, actorId);
  }
  const agency = i.step().params.agencyId;
  const organizationId = typeof agency === 'number' ? agency : actionType === 1 ? null : await resolveAgency(trx, i.ctx.registry.roles, i.context, ownerId, null);
  await addAction(trx, { verificationId, actionType, actingUserId: actorId, organizationId, comments: i.comment });
  i.addAuditDetail({ verificationId, actionType, agencyId: organizationId });
  const base = { verificationId, entityTypeId: entity.id, entityId, ownerId };
  if (actionType === 1) await publishEvent(trx, { type: 'verification.requested', payload: base, actorId });
  else await publishEvent(trx, { type: 'verification.decided', payload: { ...base, outcome: OUTCOME[actionType], decidedBy: actorId, comment: i.comment }, actorId });
};
