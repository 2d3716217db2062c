import { registrationWindow } from '../../../engine/enrollment/registration-window.js';
import { holdsNamed } from '../../rules/evaluate.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { deleteCourseWithoutSections, deleteSectionNeverEnrolled } from '../../data/course-store.js';
import { activeEnrollment } from '../../data/enrollment-store.js';
import { findRow, type Row } from '../../data/entity-store.js';
import { forbidden, notFound, textError } from '../../errors.js';
import { may } from '../record-access.js';
import { entityOrThrow, readableRecord } from '../record-commands.js';

/** Entity type ids of the training catalogue (spec part 3 section 3). */
export const COURSE = 23;
export const SECTION = 24;

/** A course or section the caller may read (404 when absent, 403 when not theirs): the form's properties. */
export async function trainingProps(ctx: AppContext, context: RuleContext, entityTypeId: number, id: number): Promise<Row> {
  return readableRecord(ctx, context, entityOrThrow(ctx, entityTypeId), id);
}

/** The row the caller may change: readable and the entity's update rule holds (the course's own trainer). */
async function ownedRow(ctx: AppContext, context: RuleContext, entity: Entity, id: number, userId: number): Promise<Row> {
  // the spec's payload names the acting trainer: only the caller themself
  if (userId !== context.user.id) throw forbidden();
  const row = await readableRecord(ctx, context, entity, id);
  if (!(await may(entity, 'update', context, row))) throw forbidden();
  return row;
}

/**
 * POST /api/course/deletecourse: a trainer deletes their own course only while it has no
 * sections (spec part 3 section 6). The delete itself re-checks that in SQL, so a section added
 * meanwhile turns it into the same 409.
 */
export async function deleteCourse(ctx: AppContext, context: RuleContext, courseId: number, userId: number) {
  const course = await ownedRow(ctx, context, entityOrThrow(ctx, COURSE), courseId, userId);
  await ctx.db.knex.transaction(async (trx) => {
    if (!(await deleteCourseWithoutSections(trx, courseId))) throw textError('conflict', 'training.courseHasSessions', 'This training has sessions and cannot be deleted. Delete its sessions first.');
    await writeAudit(trx, { userId: context.user.id, action: 'course.delete', entityTypeId: COURSE, entityId: courseId, detail: { courseName: course.courseName } });
  });
  return { message: 'Deleted.' };
}

/**
 * POST /api/coursesection/deletesection: a trainer deletes a section of their own course only if
 * it never had an enrollment (enrollment rows are never deleted, so any row counts).
 */
export async function deleteSection(ctx: AppContext, context: RuleContext, sectionId: number, userId: number) {
  const section = await ownedRow(ctx, context, entityOrThrow(ctx, SECTION), sectionId, userId);
  await ctx.db.knex.transaction(async (trx) => {
    if (!(await deleteSectionNeverEnrolled(trx, sectionId))) throw textError('conflict', 'training.sessionHadEnrollments', 'This session has had enrollments and cannot be deleted.');
    await writeAudit(trx, { userId: context.user.id, action: 'coursesection.delete', entityTypeId: SECTION, entityId: sectionId, detail: { courseId: section.courseId, sectionName: section.sectionName } });
  });
  return { message: 'Deleted.' };
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * GET /api/coursesection/getsectionbyid: the "Training section (search and detail)" of spec part 3
 * section 3, for any signed-in person, for a section that is not disabled (nor its course); status
 * is the caller's active enrollment status there ('' when none).
 */
export async function sectionById(ctx: AppContext, context: RuleContext, sectionId: number) {
  const section = await findRow(ctx.db, entityOrThrow(ctx, SECTION), sectionId);
  if (!section || section.disabled === true) throw notFound('Session');
  const course = await findRow(ctx.db, entityOrThrow(ctx, COURSE), Number(section.courseId));
  if (!course || course.disabled === true) throw notFound('Session');
  const mine = await activeEnrollment(ctx.db.knex, sectionId, context.user.id);
  return {
    id: sectionId, courseId: Number(course.id), courseName: text(course.courseName), sectionName: text(section.sectionName),
    name: `${text(course.courseName)}: ${text(section.sectionName)}`, description: text(course.description),
    trainingStartDate: text(section.trainingStartDate), trainingEndDate: text(section.trainingEndDate),
    regStartDate: text(section.regStartDate), regDeadlineDate: text(section.regDeadlineDate),
    region: text(section.region), locationName: text(section.locationName), locationPhone: text(section.locationPhone),
    locationPhoneExt: text(section.locationPhoneExt), locationAddress: text(section.locationAddress),
    contactName: text(section.contactName), contactPhone: text(section.contactPhone), contactPhoneExt: text(section.contactPhoneExt),
    contactEmail: text(section.contactEmail),
    coreKnowledgeArea: text(course.coreKnowledgeArea), targetAgeGroup: text(course.targetAgeGroup),
    dhrMinimumStandard: text(course.dhrMinimumStandard), cdaArea: text(course.cdaArea), ccdfArea: text(course.ccdfArea),
    deliveryMethod: text(course.deliveryMethod),
    otherInformation: text(section.otherInformation), sessionInformation: text(section.sessionInformation),
    status: mine?.status ?? '',
    registrationWindow: registrationWindow(context.today, text(section.regStartDate) || null, text(section.regDeadlineDate) || null),
    registersSelf: await holdsNamed(ctx.registry, 'registersSelf', context),
    windowApplies: await holdsNamed(ctx.registry, 'registrationWindowApplies', context),
  };
}
