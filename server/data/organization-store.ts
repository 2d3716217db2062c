import type { Knex } from 'knex';

/** organizations: the agencies and providers people work at. */

/** An organization's name; empty when there is no such organization. */
export async function organizationName(db: Knex | Knex.Transaction, id: number): Promise<string> {
  const o = (await db('organizations').where({ id }).first('organization_name')) as { organization_name: string } | undefined;
  return o?.organization_name ?? '';
}
