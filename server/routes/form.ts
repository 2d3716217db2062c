import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rowScope } from '../rules/evaluate.js';
import { searchEntity } from '../data/search.js';
import { crossReferenceProperty } from '../domain/cross-reference-property.js';
import { formDefinition } from '../domain/form-definition.js';
import { withElementFiles } from '../domain/files/file-attach.js';
import { submitForm } from '../domain/form-submit.js';
import { resolveFormTarget } from '../domain/form-target.js';
import { sourceLabels } from '../domain/source-keys.js';
import { valuesFromRow } from '../../engine/forms/entity-values.js';
import { preSubmissionMessages } from '../domain/pre-submission.js';
import { exportGrid } from '../domain/export-grid.js';
import { invalid, notFound, textError } from '../errors.js';
import { answers, BinaryAnswer, KeyValueList } from './answer-schemas.js';
import { AutocompleteBody, CrossReferenceBody, CrossReferencePropertyAnswer, CrossReferencePropertyBody, EntityAnswer, FlatFileBody, FormBody, FormDefinitionAnswer, FormResponseBody, PreSubmissionAnswer, PreSubmissionBody } from './form-schemas.js';

export const MIN_SEARCH_LENGTH = 2;
const tags = ['forms'];

export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/form', { schema: { 'x-access': 'signedIn', tags, 'x-read': true, summary: 'A form\'s definition, with the record\'s values and the live rule state', body: FormBody, response: answers({ 200: FormDefinitionAnswer }) } }, async (request) => {
    const context = request.caller;
    const body = request.body;
    const formId = body.formid ?? body.formId;
    if (!formId) throw invalid('formid is required.', { formid: 'formid is required.' });
    const target = await resolveFormTarget(ctx, context, { ...body, formId });
    const values = target.row ? valuesFromRow(target.form, target.entity, target.row, target.timeZone) : {};
    return withElementFiles(ctx.db.knex, target, await formDefinition(target, await sourceLabels(ctx.db, ctx.registry, target.form, values)));
  });

  app.post('/form/formresponse', { schema: { 'x-access': 'signedIn', tags, summary: 'Save a form: create or update its record', body: FormResponseBody, response: answers({ 200: EntityAnswer }) } }, async (request) => {
    const context = request.caller;
    const body = request.body;
    return submitForm(ctx, context, { ...body, formId: body.response.formId, elementResponses: body.response.elementResponses });
  });

  app.post('/form/autocomplete', { schema: { 'x-access': 'signedIn', tags, 'x-read': true, summary: 'Choices or source records matching a search', body: AutocompleteBody, response: answers({ 200: KeyValueList }) } }, async (request) => {
    const context = request.caller;
    const { formElementId, searchString } = request.body;
    const found = ctx.registry.elements.get(formElementId);
    if (!found) throw notFound('Form element');
    const term = searchString.trim();
    const { element } = found;
    if (term.length < MIN_SEARCH_LENGTH) return [];
    if (!element.source) {
      const lc = term.toLowerCase();
      return (element.choices ?? []).filter((c) => c.visible !== false && c.text.toLowerCase().includes(lc)).map((c) => ({ key: String(c.id), value: c.text }));
    }
    const entity = ctx.registry.entities.get(element.source.entityTypeId)!;
    return searchEntity(ctx.db, entity, element.source.property, element.source.keyProperty ?? 'id', term, await rowScope(context, entity.access.read));
  });

  app.post('/form/entitycrossreference', { schema: { 'x-access': 'signedIn', tags, 'x-read': true, summary: 'Records of an entity matching a search', body: CrossReferenceBody, response: answers({ 200: KeyValueList }) } }, async (request) => {
    const context = request.caller;
    const body = request.body;
    if (!body.entityTypeId) throw textError('invalid', 'form.ecrNoEntityType', 'Error, Entity Type not defined for element.', 'entityTypeId');
    const entity = ctx.registry.entities.get(body.entityTypeId);
    if (!entity) throw notFound('Entity type');
    const searchable = (id: string) => entity.fields.some((f) => f.id === id && f.searchable);
    if (!searchable(body.ecrSearchPropertyId)) throw invalid(`'${body.ecrSearchPropertyId}' cannot be searched.`, { ecrSearchPropertyId: 'Not a searchable property.' });
    const peers = (body.peerFilters ?? []).flatMap((p) => (p.value === null || p.value === undefined || p.value === '' ? [] : [{ field: p.propertyId, value: p.value }]));
    for (const p of peers) if (!searchable(p.field)) throw invalid(`'${p.field}' cannot be used as a filter.`, { peerFilters: 'Not a searchable property.' });
    const term = body.searchString.trim();
    if (term.length < MIN_SEARCH_LENGTH && peers.length === 0) return [];
    return searchEntity(ctx.db, entity, body.ecrSearchPropertyId, 'id', term, await rowScope(context, entity.access.read), peers);
  });

  app.post('/form/entitycrossreferenceproperty', { schema: { 'x-access': 'signedIn', tags, 'x-read': true, summary: 'One property of a referenced record', body: CrossReferencePropertyBody, response: answers({ 200: CrossReferencePropertyAnswer }) } }, async (request) => {
    const context = request.caller;
    const { entityTypeId, entityId, propertyId } = request.body;
    return crossReferenceProperty(ctx, context, Number(entityTypeId), Number(entityId), propertyId);
  });

  app.post('/form/presubmissionvalidation', { schema: { 'x-access': 'signedIn', tags, 'x-read': true, summary: 'Warnings to confirm before saving', body: PreSubmissionBody, response: answers({ 200: PreSubmissionAnswer }) } }, async (request) => {
    const context = request.caller;
    return preSubmissionMessages(ctx, context, request.body);
  });

  app.post('/form/flatfile', { schema: { 'x-access': 'signedIn', tags, summary: 'Export a grid\'s rows as CSV or PDF', body: FlatFileBody, produces: ['text/csv', 'application/pdf'], response: answers({ 200: BinaryAnswer('the exported file') }) } }, async (request, reply) => {
    const context = request.caller;
    const file = await exportGrid(ctx, context, request.body);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
  });
};
