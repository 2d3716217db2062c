import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONFIGURATION_KEYS, isConfigurationKey, readConfiguration, writeConfiguration, type ConfigurationKey } from '../domain/configuration.js';
import { notFound } from '../errors.js';
import { answers } from './answer-schemas.js';

const KeyQuery = Type.Object({ key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false });
const tags = ['configuration'];
const ConfigurationAnswer = Type.Union([
  Type.Object({ key: Type.String(), value: Type.String() }, { additionalProperties: false, description: 'with ?key=: one value' }),
  Type.Record(Type.String(), Type.String(), { description: 'without a key: every value by key' }),
]);
const WrittenAnswer = Type.Object({ key: Type.String(), value: Type.String(), termsVersion: Type.Integer() }, { additionalProperties: false });
const PutBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.String({ maxLength: 100_000 }),
}, { additionalProperties: false });

/**
 * Configuration (spec part 1 section 7). Public: the browser needs SplashScreen, BaseUrl and the
 * terms before anyone signs in, and nothing here is secret. Administrators (User.write.all) change
 * values with PUT; a new terms text bumps TermsVersion.
 */
export const configurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  app.get('/configuration', { schema: { tags, summary: 'Public configuration values (one by key, or all)', security: [], querystring: KeyQuery, response: answers({ 200: ConfigurationAnswer }) } }, async (request) => {
    const { key } = request.query;
    if (key === undefined) {
      const values: Partial<Record<ConfigurationKey, string>> = {};
      for (const k of CONFIGURATION_KEYS) values[k] = await readConfiguration(db.knex, app.ctx.registry, config, k);
      return values;
    }
    if (!isConfigurationKey(key)) throw notFound('Configuration key');
    return { key, value: await readConfiguration(db.knex, app.ctx.registry, config, key) };
  });

  app.put('/configuration', { schema: { 'x-access': 'mayWriteUsers', tags, summary: 'Change a configuration value', body: PutBody, response: answers({ 200: WrittenAnswer }) } }, async (request) => {
    const user = request.caller.user;
    const { key, value } = request.body;
    if (!isConfigurationKey(key)) throw notFound('Configuration key');
    return writeConfiguration(db.knex, app.ctx.registry, config, user.id, key, value);
  });
};
