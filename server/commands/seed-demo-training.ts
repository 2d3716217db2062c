import type { AppContext } from '../app-context.js';
import { nowIso } from '../data/clock.js';
import { insertRow } from '../data/entity-store.js';

const DAY = 86_400_000;
const day = (offset: number): string => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number, hour: number): string => `${day(offset)}T${String(hour).padStart(2, '0')}:00:00.000Z`;

/**
 * The demo trainer's catalogue (issue 14), in tenants with training regions (al, jh): two courses,
 * a session that ended last month and one next week with the demo professional registered (Manage
 * Attendance has a row; My Calendar shows a Past and a Registered event, the trainer's calendar
 * both sessions) and an upcoming session open for registration with seats and waitlist seats.
 */
export async function seedDemoTraining(ctx: AppContext, users: ReadonlyMap<string, number>): Promise<void> {
  const { db, registry } = ctx;
  const trainer = users.get('250');
  const region = registry.tenant.trainingRegions?.[0]?.name;
  const [course, section] = [registry.entities.get(23), registry.entities.get(24)];
  if (trainer === undefined || region === undefined || !course || !section) return;
  const professional = users.get('100');
  await db.knex.transaction(async (trx) => {
    const safeSleep = await insertRow(trx, db, course, {
      trainerId: trainer, courseName: 'Safe Sleep for Infants', description: 'Safe sleep practices and preventing sudden infant death.',
      deliveryMethod: 'Classroom', trainingHours: 3, coreKnowledgeArea: 'HSN', targetAgeGroup: 'Infants birth to 12 months', ccdfArea: 'CCDF02',
    }, trainer);
    const literacy = await insertRow(trx, db, course, {
      trainerId: trainer, courseName: 'Early Literacy in the Classroom', description: 'Reading aloud, print-rich rooms and early writing.',
      deliveryMethod: 'Blended', trainingHours: 2, coreKnowledgeArea: 'CGD,LEE', targetAgeGroup: 'Preschoolers 3 and 4', cdaArea: 'CDA2',
    }, trainer);
    const place = { region, locationName: 'Regional Training Center', locationPhone: '2055550142', locationPhoneExt: '12', locationAddress: '200 Learning Way',
      contactName: 'Training Desk', contactPhone: '2055550143', contactEmail: 'training@demo.registry.test' };
    const past = await insertRow(trx, db, section, {
      courseId: safeSleep, sectionName: 'Morning session', trainingStartDate: at(-30, 14), trainingEndDate: at(-30, 17),
      regStartDate: day(-60), regDeadlineDate: day(-31), seats: 20, waitlistSeats: 5, ...place,
    }, trainer);
    const upcoming = await insertRow(trx, db, section, {
      courseId: safeSleep, sectionName: 'Afternoon session', trainingStartDate: at(7, 19), trainingEndDate: at(7, 22),
      regStartDate: day(-14), regDeadlineDate: day(6), seats: 20, waitlistSeats: 5, ...place,
    }, trainer);
    await insertRow(trx, db, section, {
      courseId: literacy, sectionName: 'Evening session', trainingStartDate: at(21, 23), trainingEndDate: at(22, 1),
      regStartDate: day(-7), regDeadlineDate: day(20), seats: 12, waitlistSeats: 4, sessionInformation: 'Bring a favourite picture book.', ...place,
    }, trainer);
    if (professional !== undefined) {
      const now = nowIso();
      const registered = { user_id: professional, status: 'Registered', created_at: now, updated_at: now, created_by: professional, updated_by: professional, disabled: false };
      await trx('enrollments').insert([{ course_section_id: past, ...registered }, { course_section_id: upcoming, ...registered }]);
    }
  });
}
