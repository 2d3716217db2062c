import { normalizeCertificateCode } from '../../../engine/training/certificate-code.js';
import { todayIn } from '../../../engine/rules/today.js';
import type { AppContext } from '../../app-context.js';
import { timestampText } from '../../data/clock.js';

/** The public page where anyone checks a certificate's code (metadata/routes.json 'certificate-check'). */
export const CERTIFICATE_CHECK_PATH = '/certificate-check';

export type CertificateCheck = { valid: false } | { valid: true; name: string; course: string; date: string };

/**
 * GET /api/certificates/check: whether a code belongs to a certificate that stands (its enrollment
 * still Completed, its file not deleted), with the person's name, the course and the date
 * completed: nothing more. A code that cannot be one answers {valid:false} without a query.
 */
export async function checkCertificate(ctx: AppContext, input: string): Promise<CertificateCheck> {
  const code = normalizeCertificateCode(input);
  if (!code) return { valid: false };
  const r = (await ctx.db.knex('enrollments as e')
    .join('course_sections as s', 's.id', 'e.course_section_id')
    .join('courses as c', 'c.id', 's.course_id')
    .join('users as u', 'u.id', 'e.user_id')
    .join('files as f', 'f.id', 'e.certificate_file_id')
    .where({ 'e.certificate_code': code, 'e.attendance': 1 }).whereNull('f.deleted_at')
    .first('u.first_name', 'u.last_name', 'c.course_name', 's.section_name', 's.training_end_date')) as
    { first_name: string; last_name: string; course_name: string; section_name: string; training_end_date: string | Date } | undefined;
  if (!r) return { valid: false };
  return {
    valid: true,
    name: `${r.first_name} ${r.last_name}`,
    course: `${r.course_name}: ${r.section_name}`,
    date: todayIn(ctx.registry.tenant.timeZone, new Date(timestampText(r.training_end_date))),
  };
}
