import type { AppContext } from '../app-context.js';
import { insertRow } from '../data/entity-store.js';
import { takeStep } from '../domain/workflows/fire-transition.js';
import { workflowTarget } from '../domain/workflows/workflow-target.js';
import { contextOf } from './seed-demo-work.js';

const TRAINING = 11;
const GOAL = 12;
const ASSESSMENT = 13;

/**
 * The demo professional's development plan (tenants with a PDP): a few self-assessment ratings, a
 * required training, a Completed goal waiting for the director's verification, and a goal the
 * director verified and wrote a reflection on, both steps taken through the workflow (history and
 * audit rows included), so the director's dashboard and the User Records accordions show work.
 */
export async function seedDemoPdp(ctx: AppContext, users: ReadonlyMap<string, number>): Promise<void> {
  const { db, registry } = ctx;
  const professional = users.get('100');
  const director = users.get('200');
  const [training, goal, assessment] = [registry.entities.get(TRAINING), registry.entities.get(GOAL), registry.entities.get(ASSESSMENT)];
  if (professional === undefined || director === undefined || !training || !goal || !assessment) return;
  const verifiedGoal = await db.knex.transaction(async (trx) => {
    const add = (entity: typeof goal, values: Record<string, unknown>) => insertRow(trx, db, entity, { userId: professional, ...values }, professional);
    for (const [competencyArea, rating] of [['Child Growth and Development', 'Proficient'], ['Health, Safety and Nutrition', 'Advanced'], ['Child Observation and Assessment', 'Developing']]) {
      await add(assessment, { competencyArea, rating, assessedOn: '2026-01-15', notes: null });
    }
    await add(training, { trainingName: 'Safe Sleep Practices for Infants', trainingHours: 2, dueDate: '2026-12-31', status: 'In Progress', notes: 'Required of every infant room teacher.' });
    await add(goal, { goalText: 'Plan a weekly outdoor science activity for my classroom', actionSteps: 'Take the outdoor learning training; try one activity each Friday.', targetDate: '2026-10-31', status: 'Completed', completedDate: '2026-10-24' });
    return add(goal, { goalText: 'Earn the Child Development Associate (CDA) renewal', actionSteps: 'Complete the renewal hours and the observation.', targetDate: '2026-06-30', status: 'Completed', completedDate: '2026-06-12' });
  });
  const asDirector = await contextOf(ctx, director, '200');
  const target = workflowTarget(ctx, GOAL);
  await takeStep(ctx, asDirector, target, { entityId: verifiedGoal, transition: 'verify' });
  await takeStep(ctx, asDirector, target, {
    entityId: verifiedGoal, transition: 'reflect',
    comment: 'Maria completed her renewal ahead of time and shared what she learned with the infant room team.',
  });
}
