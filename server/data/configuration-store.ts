import type { Knex } from 'knex';
import { nowIso } from './clock.js';

/** configuration: the values an administrator set, by key (the tenant's defaults apply to the others). */

type Db = Knex | Knex.Transaction;

/** The stored value of a key, or undefined when none was set. */
export async function configurationValue(db: Db, key: string): Promise<string | undefined> {
  const row = (await db('configuration').where({ key }).first()) as { value: string } | undefined;
  return row?.value;
}

/** Sets a key's value (inserted, or the stored one replaced) with the time it changed. */
export async function upsertConfiguration(trx: Knex.Transaction, key: string, value: string): Promise<void> {
  await trx('configuration').insert({ key, value, updated_at: nowIso() }).onConflict('key').merge(['value', 'updated_at']);
}

/** The stored values of several keys (those set), by key. */
export async function configurationValues(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = (await db('configuration').whereIn('key', [...keys]).select('key', 'value')) as Array<{ key: string; value: string }>;
  return new Map(rows.map((r) => [r.key, r.value]));
}
