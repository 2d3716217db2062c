import type { Knex } from 'knex';

/** referrals (entity 17 Referral): the invitations directors send to join their organization. */

type Db = Knex | Knex.Transaction;

/** The referral table, found by its table as attestations are. */
export const REFERRAL_TABLE = 'referrals';

/** Whether another referral than `exceptId` of this address (any case) to the organization was made since a time. */
export async function referredSince(db: Db, organizationId: number, email: string, exceptId: number, since: string): Promise<boolean> {
  return (await db(REFERRAL_TABLE).where({ organization_id: organizationId }).whereNot({ id: exceptId })
    .whereRaw('lower(email) = ?', [email.toLowerCase()]).where('created_at', '>=', since).first('id')) !== undefined;
}

/** How many referrals a person has made since a time. */
export async function referralsMadeSince(db: Db, userId: number, since: string): Promise<number> {
  const sent = await db(REFERRAL_TABLE).where({ created_by: userId }).where('created_at', '>=', since).count({ c: '*' }).first();
  return Number((sent as { c?: unknown } | undefined)?.c ?? 0);
}
