import { qrisCycleOn } from '../../engine/reports/qris-cycle.js';
import { todayIn } from '../../engine/rules/today.js';
import type { AppContext } from '../app-context.js';
import { insertRow } from '../data/entity-store.js';
import { takeStep } from '../domain/workflows/fire-transition.js';
import { workflowTarget } from '../domain/workflows/workflow-target.js';
import { contextOf } from './seed-demo-work.js';

/**
 * The demo professional's career lattice (tenants with one: al): verified records reaching Level 2
 * (a verified high school diploma and 14 verified training hours in the current cycle), and a
 * claimed Level 4 whose verification the professional asked for through the workflow, so the
 * reviewer sees it flagged in Verification Requests.
 */
export async function seedDemoLattice(ctx: AppContext, users: ReadonlyMap<string, number>): Promise<void> {
  const { db, registry } = ctx;
  const lattice = registry.lattice;
  const professional = users.get('100');
  if (!lattice || professional === undefined) return;
  const [education, training, claimed] = [registry.entities.get(lattice.education.entityTypeId), registry.entities.get(lattice.training.entityTypeId), registry.entities.get(lattice.claimed.entityTypeId)];
  if (!education || !training || !claimed) return;
  const cycle = qrisCycleOn(todayIn(registry.tenant.timeZone), registry.tenant.qrisCycle);
  const verified = { verificationStatus: 'Approved', verified: true };
  const claim = await db.knex.transaction(async (trx) => {
    const add = (entity: typeof education, values: Record<string, unknown>) => insertRow(trx, db, entity, { userId: professional, ...values }, professional);
    await add(education, { educationLevel: 'High School Diploma or GED', school: 'Riverside High School', degreeStatus: 'Completed', startDate: '2008-08-15', endDate: '2012-05-25', ...verified });
    await add(training, { trainingTitle: 'Orientation to Child Care in Alabama', trainingProvider: 'Regional Training Center', dateCompleted: cycle.startDate, trainingHours: 8, coreKnowledgeArea: 'Professionalism', deliveryFormat: 'In Person', ...verified });
    await add(training, { trainingTitle: 'Guiding Young Children\'s Behavior', trainingProvider: 'Regional Training Center', dateCompleted: cycle.startDate, trainingHours: 6, coreKnowledgeArea: 'Child Growth and Development', deliveryFormat: 'Online', ...verified });
    return add(claimed, { [lattice.claimed.field]: 'Level 4', dateAchieved: cycle.startDate, evidence: 'I hold a Child Development Associate (CDA) credential; my certificate is on its way for verification.' });
  });
  const asProfessional = await contextOf(ctx, professional, '100');
  await takeStep(ctx, asProfessional, workflowTarget(ctx, lattice.claimed.entityTypeId), { entityId: claim, transition: 'request' });
}
