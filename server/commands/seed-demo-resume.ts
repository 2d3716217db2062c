import type { AppContext } from '../app-context.js';
import { upsertConfiguration } from '../data/configuration-store.js';
import { RESUME_FEATURE } from '../domain/resume/resume-view.js';

/**
 * The demo turns the Resume feature on (issue 28): every tenant keeps it off in its tenant.json, as
 * the spec's locale lists drop the resume, so the demo's configuration row overrides that and
 * `npm start` shows Resume. The professional's resume list starts empty: Generate Resume is the
 * thing to try.
 */
export async function seedDemoResume(ctx: AppContext): Promise<void> {
  await ctx.db.knex.transaction((trx) => upsertConfiguration(trx, RESUME_FEATURE, 'True'));
}
