import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { callerContext } from '../app-context.js';
import { approveAttestation, listAttestations } from '../domain/user-records/attestations.js';
import { endorsementDetail } from '../domain/user-records/endorsement-detail.js';
import { userRecords } from '../domain/user-records/user-records.js';
import { RowIdText } from './id-schemas.js';

/** A record or person id in a path or query: digits only, within the integer range of both databases. */
const IdText = RowIdText;
const UserQuery = Type.Object({ userId: IdText }, { additionalProperties: false });
const IdParams = Type.Object({ id: IdText }, { additionalProperties: false });
const AttestationBody = Type.Object({
  userId: Type.Integer({ minimum: 1, maximum: 999_999_999 }),
  organizationId: Type.Integer({ minimum: 1, maximum: 999_999_999 }),
  approved: Type.Literal(true, { description: 'ticking approves; an attestation is never withdrawn' }),
  comment: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
}, { additionalProperties: false });

/**
 * The User Records view (spec part 2 sections 2, 3 and 7): which accordions a caller sees for a
 * person, the attestations (GET/POST /api/attestation) and the endorsement detail.
 */
export async function userRecordsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/userrecords', { schema: { querystring: UserQuery } }, async (request) =>
    userRecords(ctx, await callerContext(request), Number((request.query as Static<typeof UserQuery>).userId)));

  app.get('/attestation', { schema: { querystring: UserQuery } }, async (request) =>
    listAttestations(ctx, await callerContext(request), Number((request.query as Static<typeof UserQuery>).userId)));

  app.post('/attestation', { schema: { body: AttestationBody } }, async (request) =>
    approveAttestation(ctx, await callerContext(request), request.body as Static<typeof AttestationBody>));

  app.get('/endorsement/detail/:id', { schema: { params: IdParams } }, async (request) =>
    endorsementDetail(ctx, await callerContext(request), Number((request.params as Static<typeof IdParams>).id)));
}
