import type { FastifyInstance } from 'fastify';
import type { EntityRef, PrimaryEntity } from '../../engine/grid/grid-request.js';
import { compileRowScope } from '../../engine/rules/rule-to-sql.js';
import { callerContext } from '../app-context.js';
import { searchEntity } from '../data/search.js';
import { formDefinition } from '../domain/form-definition.js';
import { withElementFiles } from '../domain/files/file-attach.js';
import { submitForm, type ElementResponse } from '../domain/form-submit.js';
import { resolveFormTarget } from '../domain/form-target.js';
import { sourceLabels } from '../domain/source-keys.js';
import { valuesFromRow } from '../../engine/forms/entity-values.js';
import { preSubmissionMessages, type ValidationItem } from '../domain/pre-submission.js';
import { exportGrid, type FlatFileRequest } from '../domain/export-grid.js';
import { invalid, notFound, textError } from '../errors.js';
import { AutocompleteBody, CrossReferenceBody, FlatFileBody, FormBody, FormResponseBody, PreSubmissionBody } from './form-schemas.js';

interface TargetBody { entities?: EntityRef[] | null; primaryEntity?: PrimaryEntity | null }
export const MIN_SEARCH_LENGTH = 2;

export async function formRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post('/form', { schema: { body: FormBody } }, async (request) => {
    const context = await callerContext(request);
    const body = request.body as TargetBody & { formid?: number; formId?: number };
    const formId = body.formid ?? body.formId;
    if (!formId) throw invalid('formid is required.', { formid: 'formid is required.' });
    const target = await resolveFormTarget(ctx, context, { ...body, formId });
    const values = target.row ? valuesFromRow(target.form, target.entity, target.row) : {};
    return withElementFiles(ctx.db.knex, target, formDefinition(target, await sourceLabels(ctx.db, ctx.registry, target.form, values)));
  });

  app.post('/form/formresponse', { schema: { body: FormResponseBody } }, async (request) => {
    const context = await callerContext(request);
    const body = request.body as TargetBody & { response: { formId: number; elementResponses: ElementResponse[] } };
    return submitForm(ctx, context, { ...body, formId: body.response.formId, elementResponses: body.response.elementResponses });
  });

  app.post('/form/autocomplete', { schema: { body: AutocompleteBody } }, async (request) => {
    const context = await callerContext(request);
    const { formElementId, searchString } = request.body as { formElementId: number; searchString: string };
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
    return searchEntity(ctx.db, entity, element.source.property, element.source.keyProperty ?? 'id', term, compileRowScope(entity.access.read, context));
  });

  app.post('/form/entitycrossreference', { schema: { body: CrossReferenceBody } }, async (request) => {
    const context = await callerContext(request);
    const body = request.body as { entityTypeId?: number | null; ecrSearchPropertyId: string; searchString: string; peerFilters?: { propertyId: string; value?: string | number | null }[] | null };
    if (!body.entityTypeId) throw textError('invalid', 'form.ecrNoEntityType', 'Error, Entity Type not defined for element.', 'entityTypeId');
    const entity = ctx.registry.entities.get(body.entityTypeId);
    if (!entity) throw notFound('Entity type');
    const searchable = (id: string) => entity.fields.some((f) => f.id === id && f.searchable);
    if (!searchable(body.ecrSearchPropertyId)) throw invalid(`'${body.ecrSearchPropertyId}' cannot be searched.`, { ecrSearchPropertyId: 'Not a searchable property.' });
    const peers = (body.peerFilters ?? []).filter((p) => p.value !== null && p.value !== undefined && p.value !== '');
    for (const p of peers) if (!searchable(p.propertyId)) throw invalid(`'${p.propertyId}' cannot be used as a filter.`, { peerFilters: 'Not a searchable property.' });
    const term = body.searchString.trim();
    if (term.length < MIN_SEARCH_LENGTH && peers.length === 0) return [];
    return searchEntity(ctx.db, entity, body.ecrSearchPropertyId, 'id', term, compileRowScope(entity.access.read, context), peers.map((p) => ({ field: p.propertyId, value: p.value as string | number })));
  });

  app.post('/form/presubmissionvalidation', { schema: { body: PreSubmissionBody } }, async (request) => {
    const context = await callerContext(request);
    const body = request.body as TargetBody & { validations: ValidationItem[] };
    return preSubmissionMessages(ctx, context, body);
  });

  app.post('/form/flatfile', { schema: { body: FlatFileBody } }, async (request, reply) => {
    const context = await callerContext(request);
    const file = await exportGrid(ctx, context, request.body as FlatFileRequest);
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
  });
}
