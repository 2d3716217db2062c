import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { approveAttestation, listAttestations } from '../domain/user-records/attestations.js';
import { endorsementDetail } from '../domain/user-records/endorsement-detail.js';
import { userRecords } from '../domain/user-records/user-records.js';
import { answers } from './answer-schemas.js';
import { UserIdQuery as UserQuery } from './account-schemas.js';
import { OrNull, RowId, RowIdText } from './id-schemas.js';

const IdParams = Type.Object({ id: RowIdText }, { additionalProperties: false });
const tags = ['user records'];
const UserRecordsAnswer = Type.Object({
  userId: Type.Integer(),
  fullName: Type.String(),
  registryId: Type.String(),
  email: Type.String(),
  sections: Type.Array(Type.Object({
    gridId: Type.String(),
    entityTypeId: Type.Integer(),
    formId: Type.Integer(),
    title: Type.String(),
    group: Type.Union([Type.Literal('records'), Type.Literal('comments')]),
  }, { additionalProperties: false })),
  attestations: Type.Boolean({ description: 'whether the Attestations panel is shown' }),
}, { additionalProperties: false });
const AttestationsAnswer = Type.Array(Type.Object({
  organizationId: Type.Integer(),
  employerName: Type.String(),
  text: Type.String(),
  approved: Type.Boolean(),
  attestationDate: OrNull(Type.String()),
  attestorId: OrNull(Type.Integer()),
  attestorName: OrNull(Type.String()),
  comment: OrNull(Type.String()),
  canAttest: Type.Boolean(),
}, { additionalProperties: false }));
const ApprovalAnswer = Type.Object({ attestorId: Type.Integer(), attestorName: Type.String(), attestationDate: Type.String(), approved: Type.Boolean(), comment: OrNull(Type.String()) }, { additionalProperties: false });
const EndorsementAnswer = Type.Object({
  FullName: Type.String(),
  Email: Type.String(),
  RegistryId: Type.String(),
  EndorsementName: Type.String(),
  EndorsementSubcategory: OrNull(Type.String()),
  EndorsementStartDate: OrNull(Type.String()),
  EndorsementEndDate: OrNull(Type.String()),
  EndorsementRenewDate: OrNull(Type.String()),
  EndorsementAwardingInstitution: OrNull(Type.String()),
}, { additionalProperties: false });
const AttestationBody = Type.Object({
  userId: RowId,
  organizationId: RowId,
  approved: Type.Literal(true, { description: 'ticking approves; an attestation is never withdrawn' }),
  comment: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
}, { additionalProperties: false });

/**
 * The User Records view (spec part 2 sections 2, 3 and 7): which accordions a caller sees for a
 * person, the attestations (GET/POST /api/attestation) and the endorsement detail.
 */
export const userRecordsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/userrecords', { schema: { 'x-access': 'signedIn', tags, summary: 'The record sections the caller sees for a person', querystring: UserQuery, response: answers({ 200: UserRecordsAnswer }) } }, async (request) =>
    userRecords(ctx, request.caller, Number(request.query.userId)));

  app.get('/attestation', { schema: { 'x-access': 'signedIn', tags, summary: 'A person attestations, by employer', querystring: UserQuery, response: answers({ 200: AttestationsAnswer }) } }, async (request) =>
    listAttestations(ctx, request.caller, Number(request.query.userId)));

  app.post('/attestation', { schema: { 'x-access': 'signedIn', tags, summary: 'Approve an attestation', body: AttestationBody, response: answers({ 200: ApprovalAnswer }) } }, async (request) =>
    approveAttestation(ctx, request.caller, request.body));

  app.get('/endorsement/detail/:id', { schema: { 'x-access': 'signedIn', tags, summary: 'An endorsement with its holder', params: IdParams, response: answers({ 200: EndorsementAnswer }) } }, async (request) =>
    endorsementDetail(ctx, request.caller, Number(request.params.id)));
};
