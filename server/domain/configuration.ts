import type { Knex } from 'knex';
import type { Registry } from '../../engine/metadata/registry.js';
import type { AppConfig } from '../config.js';
import { writeAudit } from '../data/audit.js';
import { configurationValue, upsertConfiguration } from '../data/configuration-store.js';
import { invalid } from '../errors.js';

/** The configuration keys of spec part 1 section 7, plus TermsVersion (the version users accept). */
export const CONFIGURATION_KEYS = ['TermsAndConditionsText', 'SplashScreen', 'BaseUrl', 'QuickSightEnabled', 'TermsVersion'] as const;
export type ConfigurationKey = (typeof CONFIGURATION_KEYS)[number];

/** Keys an administrator may set; TermsVersion only moves with the terms text. */
export const WRITABLE_KEYS: readonly ConfigurationKey[] = ['TermsAndConditionsText', 'SplashScreen', 'BaseUrl', 'QuickSightEnabled'];

/** SplashScreen: False (open), True (maintenance page), TestSiteClosed (test-site-closed page). */
export const SPLASH_VALUES = ['False', 'True', 'TestSiteClosed'] as const;
const BOOLEAN_VALUES = ['True', 'False'];
const TERMS_MAX = 100_000;
/** A terms text equal to the current one (ends trimmed) would make everyone accept the same terms again. */
export const TERMS_UNCHANGED = 'The terms text has not changed.';

export const DEFAULT_TERMS = 'By using this registry you agree to keep your records true and complete and to use the registry only for your professional development records.';

export const isConfigurationKey = (key: string): key is ConfigurationKey => (CONFIGURATION_KEYS as readonly string[]).includes(key);

/** The tenant's defaults, used until a row in the configuration table overrides them. */
export function defaultValue(key: ConfigurationKey, registry: Registry, config: AppConfig): string {
  const t = registry.tenant;
  switch (key) {
    case 'TermsAndConditionsText': return t.terms ?? DEFAULT_TERMS;
    case 'SplashScreen': return 'False';
    case 'BaseUrl': return config.publicUrl;
    case 'QuickSightEnabled': return t.features.QuickSightEnabled ? 'True' : 'False';
    case 'TermsVersion': return '0';
  }
}

export async function readConfiguration(knex: Knex, registry: Registry, config: AppConfig, key: ConfigurationKey): Promise<string> {
  return (await configurationValue(knex, key)) ?? defaultValue(key, registry, config);
}

function checkValue(key: ConfigurationKey, value: string): void {
  const bad = (message: string) => invalid(message, { value: message });
  if (key === 'SplashScreen' && !(SPLASH_VALUES as readonly string[]).includes(value)) throw bad(`SplashScreen must be one of ${SPLASH_VALUES.join(', ')}.`);
  if (key === 'QuickSightEnabled' && !BOOLEAN_VALUES.includes(value)) throw bad('QuickSightEnabled must be True or False.');
  if (key === 'BaseUrl' && !/^https?:\/\/[^\s]+$/.test(value)) throw bad('BaseUrl must be an http(s) address.');
  if (key === 'TermsAndConditionsText' && (!value.trim() || value.length > TERMS_MAX)) throw bad(`The terms text must hold 1 to ${TERMS_MAX} characters.`);
}

/**
 * Sets a configuration value with an audit row in the same transaction. A new terms text bumps
 * TermsVersion, so every user must accept it at the next sign-in. Answers the stored value and
 * the terms version.
 */
export async function writeConfiguration(knex: Knex, registry: Registry, config: AppConfig, actorId: number, key: ConfigurationKey, value: string): Promise<{ key: string; value: string; termsVersion: number }> {
  if (!WRITABLE_KEYS.includes(key)) throw invalid(`${key} cannot be set.`, { key: 'This key cannot be set.' });
  checkValue(key, value);
  return knex.transaction(async (trx) => {
    const version = Number(await readConfiguration(trx, registry, config, 'TermsVersion'));
    let termsVersion = version;
    if (key === 'TermsAndConditionsText' && (await readConfiguration(trx, registry, config, key)).trim() === value.trim()) {
      throw invalid(TERMS_UNCHANGED, { value: TERMS_UNCHANGED });
    }
    await upsertConfiguration(trx, key, value);
    if (key === 'TermsAndConditionsText') {
      termsVersion = version + 1;
      await upsertConfiguration(trx, 'TermsVersion', String(termsVersion));
    }
    await writeAudit(trx, { userId: actorId, action: 'configuration.change', detail: key === 'TermsAndConditionsText' ? { key, termsVersion } : { key, value } });
    return { key, value, termsVersion };
  });
}
