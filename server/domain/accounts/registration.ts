import { dutyRole } from '../../../engine/access/role-duties.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { completeRegistration, userByName } from '../../data/user-store.js';
import { queueMail } from '../../mail/outbox.js';
import { auditSubject } from '../audit-subject.js';
import { readConfiguration } from '../configuration.js';
import { createUser } from '../identity.js';
import { hashPassword } from '../passwords.js';
import { invalidInput, registrationErrors, text, type RegistrationInput } from './account-rules.js';
import { sendConfirmation, siteUrl } from './confirmation-mail.js';

/**
 * Registers an unconfirmed professional (the role with the staff duty, a new registry ID) and
 * writes the confirmation e-mail in the same transaction. An e-mail address that already has an
 * account gets the same answer, and that address is told by e-mail instead, so the form cannot be
 * used to find accounts.
 */
export async function registerAccount(ctx: AppContext, input: RegistrationInput): Promise<{ message: string }> {
  const errors = registrationErrors(ctx.registry, input);
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password); // hashed for a duplicate too: same time either way
  await ctx.db.knex.transaction(async (trx) => {
    const existing = await userByName(trx, email);
    if (existing) {
      const data = { firstName: existing.first_name, loginLink: `${siteUrl(ctx)}/login`, forgotLink: `${siteUrl(ctx)}/forgot-password` };
      await queueMail(trx, { to: existing.email, template: 'account-exists', data }, ctx);
      await writeAudit(trx, { userId: null, action: 'account.register-existing', ...auditSubject(ctx.registry, 'User', existing.id) });
      return;
    }
    const created = await createUser(trx, ctx.registry, {
      email, password: null, firstName: input.firstName, lastName: input.lastName, roles: [{ role: dutyRole(ctx.registry.roles, 'staff') }], confirmed: false, firstTime: true,
    }, null);
    const termsVersion = Number(await readConfiguration(trx, ctx.registry, ctx.config, 'TermsVersion'));
    await completeRegistration(trx, created.id, passwordHash, termsVersion);
    await sendConfirmation(trx, ctx, created);
    await writeAudit(trx, { userId: created.id, action: 'account.register', ...auditSubject(ctx.registry, 'User', created.id), detail: { registryId: created.registry_id, termsVersion } });
  });
  return { message: text(ctx.registry, 'register.done') };
}
