import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { alertsFor, dismissAlert, enabledAlert } from '../data/alert-store.js';
import { writeAudit } from '../data/audit.js';
import { auditSubject } from '../domain/audit-subject.js';
import { conflict, notFound } from '../errors.js';
import { RowId } from './id-schemas.js';
import { answers } from './answer-schemas.js';

const tags = ['dashboard'];
const AlertsAnswer = Type.Array(Type.Object({ alertId: Type.Integer(), subject: Type.String(), message: Type.String(), dismissible: Type.Boolean() }, { additionalProperties: false }));
const DismissedAnswer = Type.Object({ alertId: Type.Integer(), dismissed: Type.Boolean() }, { additionalProperties: false });
const DismissBody = Type.Object({ alertId: RowId }, { additionalProperties: false });

/** Dashboard alerts (spec part 1 section 3: alertId, subject, message, dismissible). */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get('/alert', { schema: { 'x-access': 'signedIn', tags, summary: 'Alerts the caller has not dismissed', 'x-no-input': true, response: answers({ 200: AlertsAnswer }) } }, async (request) => {
    const context = request.caller;
    const alerts = await alertsFor(db.knex, context.user.id, context.today);
    return alerts.map((a) => ({ alertId: a.id, subject: a.subject, message: a.message, dismissible: a.dismissible }));
  });

  app.post('/alert/dismiss', { schema: { 'x-access': 'signedIn', tags, summary: 'Dismiss an alert', body: DismissBody, response: answers({ 200: DismissedAnswer }) } }, async (request) => {
    const context = request.caller;
    const { alertId } = request.body;
    const alert = await enabledAlert(db.knex, alertId);
    if (!alert) throw notFound('Alert');
    if (!alert.dismissible) throw conflict('This alert cannot be dismissed.');
    await db.knex.transaction(async (trx) => {
      await dismissAlert(trx, alertId, context.user.id);
      await writeAudit(trx, { userId: context.user.id, action: 'alert.dismiss', ...auditSubject(app.ctx.registry, 'Alert', alertId) });
    });
    return { alertId, dismissed: true };
  });
};
