import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp, MetadataInvalidError } from '../../server/app.js';
import { loadConfig, PROJECT_ROOT } from '../../server/config.js';
import { freshDatabase } from '../support/test-database.js';

describe('server start', () => {
  it('refuses to start on invalid metadata, with the metadata check messages', async () => {
    const database = await freshDatabase();
    const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'aa', JWT_SECRET: 'x'.repeat(40) }), rootDir: join(PROJECT_ROOT, 'tests/fixtures/metadata/broken') };
    try {
      const attempt = buildApp({ config, db: database.db });
      await expect(attempt).rejects.toBeInstanceOf(MetadataInvalidError);
      const error = (await attempt.catch((e: unknown) => e)) as MetadataInvalidError;
      expect(error.lines.length).toBeGreaterThan(0);
      expect(error.lines.join('\n')).toMatch(/\.json/);
      expect(await database.db.knex.schema.hasTable('users')).toBe(false);
    } finally {
      await database.drop();
    }
  });

  it('starts for every shipped tenant', async () => {
    for (const tenant of ['tn', 'al', 'jh']) {
      const database = await freshDatabase();
      const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: tenant, JWT_SECRET: 'x'.repeat(40) }), databaseUrl: database.databaseUrl };
      const app = await buildApp({ config, db: database.db });
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toMatchObject({ status: 'ok', tenant });
      await app.close();
      await database.drop();
    }
  });
});
