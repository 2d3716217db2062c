import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { completeFirstProfile, notifyProfileSaved } from '../domain/accounts/first-profile.js';
import { UserIdBody } from './account-schemas.js';
import { answers } from './answer-schemas.js';
import { NotifyAnswer, SeedAnswer } from './account-schemas.js';

const tags = ['accounts'];

/**
 * The calls after a profile save (spec part 1 section 4: "notify and seed calls are made"):
 * POST /api/accounts/notify sends the welcome e-mail once; POST /api/accounts/seed ends the
 * first-time state once the personal profile is complete. Both only for the caller themself.
 */
export const firstProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  app.post('/accounts/notify', { schema: { 'x-access': 'signedIn', tags, summary: 'Send the welcome e-mail after the first profile save', body: UserIdBody, response: answers({ 200: NotifyAnswer }) } }, async (request) => {
    const context = request.caller;
    return notifyProfileSaved(ctx, context, Number(request.body.userId));
  });
  app.post('/accounts/seed', { schema: { 'x-access': 'signedIn', tags, summary: 'End the first-time state once the profile is complete', body: UserIdBody, response: answers({ 200: SeedAnswer }) } }, async (request) => {
    const context = request.caller;
    return completeFirstProfile(ctx, context, Number(request.body.userId));
  });
};
