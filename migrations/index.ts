import type { Knex } from 'knex';
import * as m001 from './001-core.js';
import * as m002 from './002-records.js';
import * as m003 from './003-grid-indexes.js';
import * as m004 from './004-alerts.js';
import * as m005 from './005-account-codes.js';
import * as m006 from './006-sessions.js';
import * as m007 from './007-pending-secondary-email.js';
import * as m008 from './008-user-personal.js';
import * as m009 from './009-domain-events.js';
import * as m010 from './010-employment.js';
import * as m011 from './011-files.js';
import * as m012 from './012-verification.js';
import * as m013 from './013-attestations.js';
import * as m014 from './014-compliance-reports.js';
import * as m015 from './015-experience-verification.js';
import * as m016 from './016-outbox-rows.js';
import * as m017 from './017-workflow-transitions.js';
import * as m018 from './018-account-locks.js';
import * as m019 from './019-staff-management.js';
import * as m020 from './020-staff-assignments.js';
import * as m021 from './021-user-search.js';
import * as m022 from './022-manage-users.js';
import * as m023 from './023-text-index-per-field.js';
import * as m024 from './024-messages.js';
import * as m025 from './025-notifications.js';
import * as m027 from './027-user-search-plan.js';
import * as m028 from './028-metadata-admin.js';
import * as m029 from './029-extension-fields.js';
import * as m030 from './030-safe-casts.js';
import * as m031 from './031-training.js';
import * as m032 from './032-training-rows.js';
import * as m033 from './033-enrollment-session-ended.js';
import * as m034 from './034-trainer-reports.js';
import * as m035 from './035-text-index-bigrams.js';
import * as m036 from './036-user-search-order.js';
import * as m037 from './037-contains-statistics.js';
import * as m038 from './038-role-request-state.js';
import * as m039 from './039-attestation-state.js';
import * as m040 from './040-coach-relationships.js';
import * as m041 from './041-pdp.js';
import * as m042 from './042-coach-history-link.js';
import * as m043 from './043-resume.js';
import * as m044 from './044-reference-requests.js';

/** Static list of migrations (knex cannot load .ts files inside vitest). Never rename one that ran. */
const MIGRATIONS: Record<string, { up: (k: Knex) => Promise<void>; down: (k: Knex) => Promise<void> }> = {
  '001-core': m001,
  '002-records': m002,
  '003-grid-indexes': m003,
  '004-alerts': m004,
  '005-account-codes': m005,
  '006-sessions': m006,
  '007-pending-secondary-email': m007,
  '008-user-personal': m008,
  '009-domain-events': m009,
  '010-employment': m010,
  '011-files': m011,
  '012-verification': m012,
  '013-attestations': m013,
  '014-compliance-reports': m014,
  '015-experience-verification': m015,
  '016-outbox-rows': m016,
  '017-workflow-transitions': m017,
  '018-account-locks': m018,
  '019-staff-management': m019,
  '020-staff-assignments': m020,
  '021-user-search': m021,
  '022-manage-users': m022,
  '023-text-index-per-field': m023,
  '024-messages': m024,
  '025-notifications': m025,
  '027-user-search-plan': m027,
  '028-metadata-admin': m028,
  '029-extension-fields': m029,
  '030-safe-casts': m030,
  '031-training': m031,
  '032-training-rows': m032,
  '033-enrollment-session-ended': m033,
  '034-trainer-reports': m034,
  '035-text-index-bigrams': m035,
  '036-user-search-order': m036,
  '037-contains-statistics': m037,
  '038-role-request-state': m038,
  '039-attestation-state': m039,
  '040-coach-relationships': m040,
  '041-pdp': m041,
  '042-coach-history-link': m042,
  '043-resume': m043,
  '044-reference-requests': m044,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const m = MIGRATIONS[name];
    if (!m) throw new Error(`unknown migration ${name}`);
    return m;
  },
};
