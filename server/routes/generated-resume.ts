import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { contentDisposition } from '../../engine/files/file-name.js';
import { visibleFile } from '../domain/files/file-access.js';
import { keyExists, openKey } from '../domain/files/file-disk.js';
import { logDownload } from '../domain/files/file-downloads.js';
import { requireFeature } from '../domain/features.js';
import { createResume, editResume, publishResume, resumeViewFields } from '../domain/resume/resume-actions.js';
import { RESUME_ENTITY, RESUME_FEATURE } from '../domain/resume/resume-view.js';
import { notFound } from '../errors.js';
import { answers, BinaryAnswer } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId, RowIdText } from './id-schemas.js';

const tags = ['resume'];
const ResumeQuery = Type.Object({ resumeId: RowIdText }, { additionalProperties: false });
const Ids = Type.Array(RowId, { maxItems: 500 });
const EditBody = Type.Object({
  resumeId: RowId,
  description: Type.String({ maxLength: 500 }),
  idsList: Type.Object({
    educationIds: Type.Optional(Ids), employmentIds: Type.Optional(Ids), certificationIds: Type.Optional(Ids),
    communityIds: Type.Optional(Ids), membershipIds: Type.Optional(Ids), referenceIds: Type.Optional(Ids),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
const ResumeFields = {
  resumeId: AnsweredId,
  description: Type.String(),
  fileKey: OrNull(Type.String()),
  isPublished: Type.Boolean(),
  isGenerated: Type.Boolean(),
};
const ResumeAnswer = Type.Object(ResumeFields, { additionalProperties: false });
const Item = Type.Object({ id: AnsweredId, description: Type.String(), isSelected: Type.Boolean() }, { additionalProperties: false });
const Section = Type.Object({
  id: Type.String({ description: 'the section key: education, employment, certifications, communityService, memberships, references' }),
  heading: Type.String(),
  idsKey: Type.String({ description: 'the key of idsList holding the chosen ids' }),
  max: OrNull(Type.Integer({ description: 'at most this many may be chosen' })),
  items: Type.Array(Item),
}, { additionalProperties: false });
const ViewAnswer = Type.Object({ ...ResumeFields, sections: Type.Array(Section, { description: "the tenant's sections in order (metadata/resume.json)" }) }, { additionalProperties: false });
const FileKeyParams = Type.Object({ fileKey: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

/** The generated resume (spec part 2, call table /generatedResume/*): thin adapters; only the owner, only while the Resume feature is on. */
export const generatedResumeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/generatedResume/create', { schema: { 'x-access': 'signedIn', 'x-no-input': true, tags, summary: 'Create a generated resume of the caller (nothing chosen yet)', response: answers({ 200: ResumeAnswer }) } }, async (request) =>
    createResume(ctx, request.caller));

  app.get('/generatedResume/viewFields', { schema: { 'x-access': 'signedIn', tags, summary: "A resume's sections with the caller's records (id, description, isSelected)", querystring: ResumeQuery, response: answers({ 200: ViewAnswer }) } }, async (request) =>
    resumeViewFields(ctx, request.caller, Number(request.query.resumeId)));

  app.post('/generatedResume/edit', { schema: { 'x-access': 'signedIn', tags, summary: 'Save the description and the chosen records, and make the PDF (Save and Preview)', body: EditBody, response: answers({ 200: Type.Object({ fileKey: Type.String() }, { additionalProperties: false }) }) } }, async (request) =>
    editResume(ctx, request.caller, request.body));

  app.post('/generatedResume/publish', { schema: { 'x-access': 'signedIn', tags, summary: 'Publish a saved generated resume', querystring: ResumeQuery, response: answers({ 200: ResumeAnswer }) } }, async (request) =>
    publishResume(ctx, request.caller, Number(request.query.resumeId)));

  app.get('/generatedResume/download/:fileKey', { schema: { 'x-access': 'signedIn', tags, summary: "A resume's PDF, named in content-disposition", params: FileKeyParams, produces: ['application/pdf'], response: answers({ 200: BinaryAnswer('the resume PDF') }) } }, async (request, reply) => {
    const context = request.caller;
    await requireFeature(ctx, RESUME_FEATURE);
    const file = await visibleFile(ctx, context, { key: request.params.fileKey });
    if (file.entityTypeId !== RESUME_ENTITY || !(await keyExists(ctx.config.dataDir, file.key))) throw notFound('File');
    await logDownload(ctx.db.knex, context.user.id, file, 'download');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition(file.originalName, 'attachment'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(openKey(ctx.config.dataDir, file.key));
  });
};
