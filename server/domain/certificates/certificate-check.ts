import { normalizeCertificateCode } from '../../../engine/training/certificate-code.js';
import { todayIn } from '../../../engine/rules/today.js';
import type { AppContext } from '../../app-context.js';
import { standingCertificate } from '../../data/certificate-store.js';
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
  const r = await standingCertificate(ctx.db.knex, code);
  if (!r) return { valid: false };
  return {
    valid: true,
    name: `${r.first_name} ${r.last_name}`,
    course: `${r.course_name}: ${r.section_name}`,
    date: todayIn(ctx.registry.tenant.timeZone, new Date(timestampText(r.training_end_date))),
  };
}
