import { displayedCycleEnd, qrisCycleOn } from '../../engine/reports/qris-cycle.js';
import { todayIn } from '../../engine/rules/today.js';
import { formatDate } from '../../engine/text/format.js';
import type { AppContext } from '../app-context.js';
import { nowIso } from '../data/clock.js';
import { personById } from '../data/user-store.js';
import { renderTrainingReport } from '../domain/reports/render-training-report.js';

/** The demo's past training in the previous QRIS cycle: title, provider, area, hours. */
const PAST_TRAINING = [
  ['Safe Sleep Practices', 'State Training Center', 'Health and Safety', '2'],
  ['Guiding Young Children', 'Child Care Resource Center', 'Guidance', '3'],
];

/**
 * Agency Archives in the demo (Search Users): an archived Training Report of the previous QRIS
 * cycle for each demo person with the staff role at the first organization, where the tenant has
 * Training Reports. The report is stored as the Training Report stores them.
 */
export async function seedDemoArchives(ctx: AppContext, organizationId: number, userIds: readonly number[]): Promise<void> {
  const { db, registry } = ctx;
  const tenant = registry.tenant;
  if (!tenant.features.TrainingReport) return;
  const zone = tenant.timeZone;
  const current = qrisCycleOn(todayIn(zone), tenant.qrisCycle);
  const previous = qrisCycleOn(new Date(Date.parse(`${current.startDate}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10), tenant.qrisCycle);
  const org = (await db.knex('organizations').where({ id: organizationId }).first('organization_name')) as { organization_name: string };
  for (const userId of userIds) {
    const person = (await personById(db.knex, userId))!;
    const pdf = await renderTrainingReport({
      productName: tenant.productName, title: registry.texts['report.title'] ?? 'Training Report',
      person: { name: `${person.firstName} ${person.lastName}`, idLabel: tenant.idLabel, registryId: person.registryId, email: person.email },
      organizationName: org.organization_name,
      period: { start: formatDate(previous.startDate, zone), end: formatDate(displayedCycleEnd(previous.endDate), zone) },
      generatedAt: formatDate(displayedCycleEnd(previous.endDate), zone),
      columns: ['Training', 'Provider', 'Core Knowledge Area', 'Hours'], rows: PAST_TRAINING, totalHours: '5',
    });
    await db.knex('compliance_reports').insert({
      user_id: userId, organization_id: organizationId, cycle_start: previous.startDate, cycle_end: previous.endDate, status: 'Current',
      pdf, training_count: PAST_TRAINING.length, generated_by: userId, created_at: nowIso(),
    });
  }
}
