import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CONFIGURATION_KEYS, isConfigurationKey, readConfiguration, writeConfiguration, type ConfigurationKey } from '../domain/configuration.js';
import { forbidden, notFound } from '../errors.js';
import { requireUser } from '../plugins/auth.js';

const KeyQuery = Type.Object({ key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false });
const PutBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.String({ maxLength: 100_000 }),
}, { additionalProperties: false });

/**
 * Configuration (spec part 1 section 7). Public: the browser needs SplashScreen, BaseUrl and the
 * terms before anyone signs in, and nothing here is secret. Administrators (User.write.all) change
 * values with PUT; a new terms text bumps TermsVersion.
 */
export async function configurationRoutes(app: FastifyInstance): Promise<void> {
  const { db, registry, config } = app.ctx;

  app.get('/configuration', { schema: { querystring: KeyQuery } }, async (request) => {
    const { key } = request.query as { key?: string };
    if (key === undefined) {
      const values: Partial<Record<ConfigurationKey, string>> = {};
      for (const k of CONFIGURATION_KEYS) values[k] = await readConfiguration(db.knex, registry, config, k);
      return values;
    }
    if (!isConfigurationKey(key)) throw notFound('Configuration key');
    return { key, value: await readConfiguration(db.knex, registry, config, key) };
  });

  app.put('/configuration', { schema: { body: PutBody } }, async (request) => {
    const user = await requireUser(request);
    if (!user.claims.includes('User.write.all')) throw forbidden();
    const { key, value } = request.body as { key: string; value: string };
    if (!isConfigurationKey(key)) throw notFound('Configuration key');
    return writeConfiguration(db.knex, registry, config, user.id, key, value);
  });
}
