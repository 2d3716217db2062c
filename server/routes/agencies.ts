import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { agenciesInCounty, organizationById, searchAgencies, searchCounties } from '../domain/agencies.js';
import { answers, KeyValueList, RecordValues } from './answer-schemas.js';
import { RowIdText } from './id-schemas.js';

const SearchQuery = Type.Object({ searchString: Type.String({ maxLength: 180 }) }, { additionalProperties: false });
const CountyQuery = Type.Object({ county: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const OrgQuery = Type.Object({ orgId: RowIdText }, { additionalProperties: false });
const tags = ['organizations'];

/** Organizations (entity 2): agency and county search for the employment form, one organization by id. */
export const agencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/userorganizationroles/agencysearch', { schema: { 'x-access': 'signedIn', tags, summary: 'Agencies whose name contains a search', querystring: SearchQuery, response: answers({ 200: KeyValueList }) } }, async (request) =>
    searchAgencies(ctx, request.caller, request.query.searchString));

  app.get('/userorganizationroles/countysearch', { schema: { 'x-access': 'signedIn', tags, summary: 'Counties whose name contains a search', querystring: SearchQuery, response: answers({ 200: KeyValueList }) } }, async (request) => {
    return searchCounties(ctx, request.query.searchString);
  });

  app.get('/userorganizationroles/searchagencybycounty', { schema: { 'x-access': 'signedIn', tags, summary: 'Agencies of a county', querystring: CountyQuery, response: answers({ 200: KeyValueList }) } }, async (request) => {
    return agenciesInCounty(ctx, request.query.county);
  });

  app.get('/accounts/organization', { schema: { 'x-access': 'signedIn', tags, summary: 'One organization with its fields', querystring: OrgQuery, response: answers({ 200: RecordValues }) } }, async (request) =>
    organizationById(ctx, request.caller, Number(request.query.orgId)));
};
