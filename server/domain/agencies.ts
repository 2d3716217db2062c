import { formatText } from '../../engine/forms/form-messages.js';
import { rowScope } from '../rules/evaluate.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import { searchEntity, SEARCH_LIMIT, type KeyValue } from '../data/search.js';
import { countiesContaining, enabledOrganizationsInCounty } from '../data/organization-store.js';
import { AppError } from '../errors.js';
import { entityOrThrow, readableRecord } from './record-commands.js';

/** Searches need at least this many characters; shorter terms answer an empty list (like autocomplete). */
const MIN_AGENCY_SEARCH = 2;
const ORGANIZATION = 2;

/** GET /api/userorganizationroles/agencysearch: enabled organizations whose name contains the term. */
export async function searchAgencies(ctx: AppContext, context: RuleContext, searchString: string): Promise<KeyValue[]> {
  const term = searchString.trim();
  if (term.length < MIN_AGENCY_SEARCH) return [];
  const entity = entityOrThrow(ctx, ORGANIZATION);
  return searchEntity(ctx.db, entity, 'organizationName', 'id', term, await rowScope(context, entity.access.read));
}

/** GET /api/userorganizationroles/countysearch: the counties of enabled organizations containing the term. */
export async function searchCounties(ctx: AppContext, searchString: string): Promise<KeyValue[]> {
  const term = searchString.trim();
  if (term.length < MIN_AGENCY_SEARCH) return [];
  const counties = await countiesContaining(ctx.db.knex, term, SEARCH_LIMIT);
  return counties.map((county) => ({ key: county, value: county }));
}

/** At most this many agencies of one county are listed. */
const COUNTY_AGENCY_LIMIT = 500;

/** GET /api/userorganizationroles/searchagencybycounty: the enabled organizations of a county, by name. */
export async function agenciesInCounty(ctx: AppContext, county: string): Promise<KeyValue[]> {
  const name = county.trim();
  const rows = name === '' ? [] : await enabledOrganizationsInCounty(ctx.db.knex, name, COUNTY_AGENCY_LIMIT);
  if (rows.length === 0) throw new AppError('not-found', formatText(ctx.registry.texts, 'search.noAgenciesInCounty', { county: name }));
  return rows.map((r) => ({ key: String(r.id), value: r.organization_name }));
}

/** GET /api/accounts/organization?orgId: one organization with every field of entity 2 (disabled included). */
export async function organizationById(ctx: AppContext, context: RuleContext, orgId: number) {
  const row = await readableRecord(ctx, context, entityOrThrow(ctx, ORGANIZATION), orgId);
  return { organizationId: row.id, ...row };
}
