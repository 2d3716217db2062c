import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '../data/audit.js';
import { nowIso } from '../data/clock.js';
import { conflict, notFound } from '../errors.js';
import { RowId } from './id-schemas.js';
import { answers } from './answer-schemas.js';

const tags = ['dashboard'];
const AlertsAnswer = Type.Array(Type.Object({ alertId: Type.Integer(), subject: Type.String(), message: Type.String(), dismissible: Type.Boolean() }, { additionalProperties: false }));
const DismissedAnswer = Type.Object({ alertId: Type.Integer(), dismissed: Type.Boolean() }, { additionalProperties: false });
const DismissBody = Type.Object({ alertId: RowId }, { additionalProperties: false });

interface AlertRow { id: number; subject: string; message: string; dismissible: boolean | number }

/** Dashboard alerts (spec part 1 section 3: alertId, subject, message, dismissible). */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get('/alert', { schema: { tags, summary: 'Alerts the caller has not dismissed', 'x-no-input': true, response: answers({ 200: AlertsAnswer }) } }, async (request) => {
    const context = request.caller;
    const rows = (await db.knex('alerts')
      .where('disabled', false)
      .where((q) => q.whereNull('start_date').orWhere('start_date', '<=', context.today))
      .where((q) => q.whereNull('end_date').orWhere('end_date', '>=', context.today))
      .whereNotExists(db.knex('alert_dismissals').whereRaw('alert_dismissals.alert_id = alerts.id').where('alert_dismissals.user_id', context.user.id))
      .orderBy('start_date', 'desc').orderBy('id', 'desc')
      .select('id', 'subject', 'message', 'dismissible')) as AlertRow[];
    return rows.map((r) => ({ alertId: r.id, subject: r.subject, message: r.message, dismissible: Boolean(r.dismissible) }));
  });

  app.post('/alert/dismiss', { schema: { tags, summary: 'Dismiss an alert', body: DismissBody, response: answers({ 200: DismissedAnswer }) } }, async (request) => {
    const context = request.caller;
    const { alertId } = request.body;
    const alert = (await db.knex('alerts').where({ id: alertId, disabled: false }).first()) as AlertRow | undefined;
    if (!alert) throw notFound('Alert');
    if (!alert.dismissible) throw conflict('This alert cannot be dismissed.');
    await db.knex.transaction(async (trx) => {
      await trx('alert_dismissals').insert({ alert_id: alertId, user_id: context.user.id, dismissed_at: nowIso() }).onConflict(['alert_id', 'user_id']).ignore();
      await writeAudit(trx, { userId: context.user.id, action: 'alert.dismiss', entityTypeId: 20, entityId: alertId });
    });
    return { alertId, dismissed: true };
  });
};
