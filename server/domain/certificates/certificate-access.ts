import type { Knex } from 'knex';
import { holdsNamed } from '../../rules/evaluate.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { certificateTrainerId } from '../../data/certificate-store.js';

/** The entity type of enrollments (spec part 3: entity 26): a certificate file is attached to its enrollment. */
export { ENROLLMENT_ENTITY } from '../enrollment/enrollment-changes.js';

/**
 * Who opens a certificate besides the person it belongs to (the file's owner): the trainer of the
 * enrollment's course and managers (rule seesAnyCertificate). Nobody else, not even a director
 * of the person: the training record posted with it is what the person's directors see.
 */
export async function maySeeCertificate(ctx: AppContext, context: RuleContext, file: { id: number; entityId: number | null }, trx?: Knex.Transaction): Promise<boolean> {
  if (await holdsNamed(ctx.registry, 'seesAnyCertificate', context)) return true;
  return (await certificateTrainerId(trx ?? ctx.db.knex, file.entityId, file.id)) === context.user.id;
}
