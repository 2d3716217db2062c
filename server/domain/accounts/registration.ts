import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { queueMail } from '../../mail/outbox.js';
import { createUser, type UserRow } from '../identity.js';
import { hashPassword } from '../passwords.js';
import { invalidInput, registrationErrors, text, type RegistrationInput } from './account-rules.js';
import { sendConfirmation, siteUrl } from './confirmation-mail.js';

/**
 * Registers an unconfirmed professional (role 100, a new registry ID) and writes the confirmation
 * e-mail in the same transaction. An e-mail address that already has an account gets the same
 * answer, and that address is told by e-mail instead, so the form cannot be used to find accounts.
 */
export async function registerAccount(ctx: AppContext, input: RegistrationInput): Promise<{ message: string }> {
  const errors = registrationErrors(ctx.registry, input);
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password); // hashed for a duplicate too: same time either way
  await ctx.db.knex.transaction(async (trx) => {
    const existing = (await trx('users').where({ user_name: email }).first()) as UserRow | undefined;
    if (existing) {
      const data = { firstName: existing.first_name, loginLink: `${siteUrl(ctx)}/login`, forgotLink: `${siteUrl(ctx)}/forgot-password` };
      await queueMail(trx, { to: existing.email, template: 'account-exists', data }, ctx);
      await writeAudit(trx, { userId: null, action: 'account.register-existing', entityTypeId: 1, entityId: existing.id });
      return;
    }
    const created = await createUser(trx, ctx.registry, {
      email, password: null, firstName: input.firstName, lastName: input.lastName, roles: [{ role: '100' }], confirmed: false, firstTime: true,
    }, null);
    const terms = (await trx('configuration').where({ key: 'TermsVersion' }).first()) as { value: string } | undefined;
    await trx('users').where({ id: created.id }).update({ password_hash: passwordHash, terms_version: Number(terms?.value ?? 0), created_by: created.id, updated_by: created.id });
    await sendConfirmation(trx, ctx, created);
    await writeAudit(trx, { userId: created.id, action: 'account.register', entityTypeId: 1, entityId: created.id, detail: { registryId: created.registry_id, termsVersion: Number(terms?.value ?? 0) } });
  });
  return { message: text(ctx.registry, 'register.done') };
}
