import type { AppContext } from '../../app-context.js';
import { personById } from '../../data/user-store.js';
import { notFound } from '../../errors.js';

export interface PersonHeader {
  userId: number;
  fullName: string;
  registryId: string;
  email: string;
}

/** Name, registry ID and e-mail of a person: 404 when there is no such person (ask after the access check). */
export async function personHeader(ctx: AppContext, userId: number): Promise<PersonHeader> {
  const p = await personById(ctx.db.knex, userId);
  if (!p) throw notFound('Person');
  return { userId: p.id, fullName: `${p.firstName} ${p.lastName}`, registryId: p.registryId, email: p.email };
}
