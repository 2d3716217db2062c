import type { Knex } from 'knex';
import { nowIso } from './clock.js';

/** alerts and alert_dismissals: the dashboard's alerts (entity 20) and who dismissed which. */

/** An alert as the dashboard shows it. */
export interface Alert { id: number; subject: string; message: string; dismissible: boolean }

interface AlertRow { id: number; subject: string; message: string; dismissible: boolean | number }

const alertOf = (r: AlertRow): Alert => ({ id: Number(r.id), subject: r.subject, message: r.message, dismissible: r.dismissible === true || r.dismissible === 1 });

/** The enabled alerts shown on `today` that the person has not dismissed, newest first. */
export async function alertsFor(knex: Knex, userId: number, today: string): Promise<Alert[]> {
  const rows = (await knex('alerts')
    .where('disabled', false)
    .where((q) => q.whereNull('start_date').orWhere('start_date', '<=', today))
    .where((q) => q.whereNull('end_date').orWhere('end_date', '>=', today))
    .whereNotExists(knex('alert_dismissals').whereRaw('alert_dismissals.alert_id = alerts.id').where('alert_dismissals.user_id', userId))
    .orderBy('start_date', 'desc').orderBy('id', 'desc')
    .select('id', 'subject', 'message', 'dismissible')) as AlertRow[];
  return rows.map(alertOf);
}

/** An enabled alert by id. */
export async function enabledAlert(knex: Knex, id: number): Promise<Alert | undefined> {
  const r = (await knex('alerts').where({ id, disabled: false }).first()) as AlertRow | undefined;
  return r && alertOf(r);
}

/** Records that the person dismissed the alert (once: a second dismissal changes nothing). */
export async function dismissAlert(trx: Knex.Transaction, alertId: number, userId: number): Promise<void> {
  await trx('alert_dismissals').insert({ alert_id: alertId, user_id: userId, dismissed_at: nowIso() }).onConflict(['alert_id', 'user_id']).ignore();
}
