import type { Knex } from 'knex';
import { holdsNamed } from '../../rules/evaluate.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';

/** The entity type of enrollments (spec part 3: entity 26): a certificate file is attached to its enrollment. */
export const ENROLLMENT_ENTITY = 26;

/**
 * Who opens a certificate besides the person it belongs to (the file's owner): the trainer of the
 * enrollment's course and managers (rule seesAnyCertificate). Nobody else, not even a director
 * of the person: the training record posted with it is what the person's directors see.
 */
export async function maySeeCertificate(ctx: AppContext, context: RuleContext, file: { id: number; entityId: number | null }, trx?: Knex.Transaction): Promise<boolean> {
  if (await holdsNamed(ctx.registry, 'seesAnyCertificate', context)) return true;
  const r = (await (trx ?? ctx.db.knex)('enrollments as e')
    .join('course_sections as s', 's.id', 'e.course_section_id')
    .join('courses as c', 'c.id', 's.course_id')
    .where({ 'e.id': file.entityId, 'e.certificate_file_id': file.id })
    .first('c.trainer_id')) as { trainer_id: number } | undefined;
  return r !== undefined && Number(r.trainer_id) === context.user.id;
}
