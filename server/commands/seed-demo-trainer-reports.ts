import type { AppContext } from '../app-context.js';
import { nowIso } from '../data/clock.js';
import { insertRow } from '../data/entity-store.js';
import { TRAINER_REPORT_ENTITY, TRAINER_REPORT_WORKFLOW } from '../domain/trainer-reports/trainer-report-steps.js';

/**
 * DHR Reports in the demo: the demo trainer (250) has one report in draft and one submitted and
 * waiting for a manager's answer, its submit step in the workflow history. Nothing where the
 * tenant has no trainers (tn).
 */
export async function seedDemoTrainerReports(ctx: AppContext, trainerId: number | undefined): Promise<void> {
  const entity = ctx.registry.entities.get(TRAINER_REPORT_ENTITY);
  if (trainerId === undefined || !entity) return;
  const { db } = ctx;
  await db.knex.transaction(async (trx) => {
    await insertRow(trx, db, entity, {
      userId: trainerId, title: 'Third Quarter Training Report', periodStart: '2026-07-01', periodEnd: '2026-09-30',
      description: 'Sessions held, people trained and hours delivered this quarter.', state: 'draft',
    }, trainerId);
    const submitted = await insertRow(trx, db, entity, {
      userId: trainerId, title: 'Second Quarter Training Report', periodStart: '2026-04-01', periodEnd: '2026-06-30',
      description: 'Sessions held, people trained and hours delivered this quarter.', state: 'submitted',
    }, trainerId);
    await trx('workflow_transitions').insert({
      workflow_id: TRAINER_REPORT_WORKFLOW, entity_type_id: entity.id, entity_id: submitted, sequence: 1, transition_id: 'submit',
      from_state: 'draft', to_state: 'submitted', comment: 'Attendance sheets are attached.', actor_id: trainerId, created_at: nowIso(),
    });
  });
}
