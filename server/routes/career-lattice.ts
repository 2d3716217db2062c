import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { standingOfPerson } from '../domain/lattice/lattice-standing.js';
import { answers } from './answer-schemas.js';
import { OrNull, RowIdText } from './id-schemas.js';

const tags = ['career lattice'];
const Level = Type.Object({ id: Type.Integer(), name: Type.String(), label: Type.String() }, { additionalProperties: false });
const StandingAnswer = Type.Object({
  current: OrNull(Type.Object({
    level: Type.String({ description: 'the newest claimed level (entity 31)' }),
    currentLevel: Type.String({ description: 'the Current Level header: the last character of the level name' }),
    verificationStatus: OrNull(Type.String()),
  }, { additionalProperties: false })),
  computed: OrNull(Level),
  next: OrNull(Type.Object({ id: Type.Integer(), name: Type.String(), label: Type.String(), missing: Type.Array(Type.String(), { description: 'each unmet requirement as a sentence' }) }, { additionalProperties: false })),
  claimAbove: Type.Boolean({ description: 'the claimed level is above what the verified records reach' }),
  cycle: Type.Object({ start: Type.String(), end: Type.String() }, { additionalProperties: false }),
  facts: Type.Object({ educationRank: Type.Integer(), credentials: Type.Array(Type.String()), cycleHours: Type.Number() }, { additionalProperties: false }),
}, { additionalProperties: false });

/** The career lattice (issue 28): a person's standing computed from their verified records. */
export const careerLatticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  app.get('/career-lattice/standing', { schema: { 'x-access': 'signedIn', 'x-read': true, tags, summary: 'A person\'s claimed level, the level their verified records reach and what the next level needs (the caller\'s own without userId)', querystring: Type.Object({ userId: Type.Optional(RowIdText) }, { additionalProperties: false }), response: answers({ 200: StandingAnswer }) } }, async (request) =>
    standingOfPerson(ctx, request.caller, request.query.userId === undefined ? request.caller.user.id : Number(request.query.userId)));
};
