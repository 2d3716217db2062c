import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { callerContext } from '../app-context.js';
import { agenciesInCounty, organizationById, searchAgencies, searchCounties } from '../domain/agencies.js';

const SearchQuery = Type.Object({ searchString: Type.String({ maxLength: 180 }) }, { additionalProperties: false });
const CountyQuery = Type.Object({ county: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const OrgQuery = Type.Object({ orgId: Type.String({ pattern: '^[0-9]{1,9}$' }) }, { additionalProperties: false });

/** Organizations (entity 2): agency and county search for the employment form, one organization by id. */
export async function agencyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/userorganizationroles/agencysearch', { schema: { querystring: SearchQuery } }, async (request) =>
    searchAgencies(ctx, await callerContext(request), (request.query as Static<typeof SearchQuery>).searchString));

  app.get('/userorganizationroles/countysearch', { schema: { querystring: SearchQuery } }, async (request) => {
    await callerContext(request);
    return searchCounties(ctx, (request.query as Static<typeof SearchQuery>).searchString);
  });

  app.get('/userorganizationroles/searchagencybycounty', { schema: { querystring: CountyQuery } }, async (request) => {
    await callerContext(request);
    return agenciesInCounty(ctx, (request.query as Static<typeof CountyQuery>).county);
  });

  app.get('/accounts/organization', { schema: { querystring: OrgQuery } }, async (request) =>
    organizationById(ctx, await callerContext(request), Number((request.query as Static<typeof OrgQuery>).orgId)));
}
