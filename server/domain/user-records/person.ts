import type { AppContext } from '../../app-context.js';
import { notFound } from '../../errors.js';

export interface PersonHeader {
  userId: number;
  fullName: string;
  registryId: string;
  email: string;
}

/** Name, registry ID and e-mail of a person: 404 when there is no such person (ask after the access check). */
export async function personHeader(ctx: AppContext, userId: number): Promise<PersonHeader> {
  const u = (await ctx.db.knex('users').where({ id: userId }).first('id', 'first_name', 'last_name', 'registry_id', 'email')) as
    { id: number; first_name: string; last_name: string; registry_id: string; email: string } | undefined;
  if (!u) throw notFound('Person');
  return { userId: Number(u.id), fullName: `${u.first_name} ${u.last_name}`, registryId: u.registry_id, email: u.email };
}
