import { upsertConfiguration } from '../../server/data/configuration-store.js';
import type { TestApp } from './test-app.js';

/** Turns a tenant feature on or off for a test app, as the demo seed does (a configuration row of the feature's name). */
export async function setFeature(t: TestApp, name: string, on: boolean): Promise<void> {
  await t.database.db.knex.transaction((trx) => upsertConfiguration(trx, name, on ? 'True' : 'False'));
}
