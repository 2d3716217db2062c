import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { setTermsVersion, userById } from '../../data/user-store.js';
import { AppError } from '../../errors.js';
import { auditSubject } from '../audit-subject.js';
import { readConfiguration } from '../configuration.js';

/**
 * The person accepts the current terms version (the route checks it is the caller themself);
 * answers the next route: 'profile-personal' for a first-time user, else 'default'.
 */
export async function acceptTerms(ctx: AppContext, userId: number, ip: string): Promise<{ route: string; termsVersion: number }> {
  return ctx.db.knex.transaction(async (trx) => {
    const user = await userById(trx, userId);
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    const version = Number(await readConfiguration(trx, ctx.registry, ctx.config, 'TermsVersion'));
    await setTermsVersion(trx, userId, version);
    await writeAudit(trx, { userId, action: 'terms.accept', ...auditSubject(ctx.registry, 'User', userId), detail: { termsVersion: version, from: ip } });
    return { route: user.first_time ? 'profile-personal' : 'default', termsVersion: version };
  });
}
