import { addDays } from '../../engine/rules/dates.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { ruleContextFor, type AppContext } from '../app-context.js';
import { writeAudit } from '../data/audit.js';
import { entityTable } from '../data/entity-columns.js';
import { whereExpr } from '../data/where.js';
import { insertRow } from '../data/entity-store.js';
import { createUser, loadIdentity } from '../domain/identity.js';
import { requestRole } from '../domain/roles/role-commands.js';
import { decideVerification, requestVerification } from '../domain/verification/verification-commands.js';
import { viewForVerification } from '../domain/verification/verification-queries.js';

export interface DemoWorkInput {
  /** the demo organization, where the demo professional (100) is staff and the demo director (200) directs */
  organizationId: number;
  /** the demo users' ids by role */
  users: ReadonlyMap<string, number>;
}

const EDUCATION = 4;
const TRAINING = 3;
const CERTIFICATION = 7;
const EMPLOYMENT = 8;
const ALERT = 20;

/** The rule context a signed-in user with this active role would have (the director's scope included). */
export async function contextOf(ctx: AppContext, userId: number, activeRole?: string): Promise<RuleContext> {
  const identity = await loadIdentity(ctx.db.knex, ctx.registries, { id: userId, active_role: activeRole ?? null });
  return ruleContextFor(ctx, { id: userId, roles: identity.roles, activeRole: identity.activeRole, claims: identity.permissions });
}

/** The person's records of a type, oldest first (wherever the entity is stored). */
async function recordIds(ctx: AppContext, entityTypeId: number, userId: number): Promise<number[]> {
  const entity = ctx.registry.entities.get(entityTypeId);
  if (!entity) return [];
  const t = entityTable(ctx.db.knex, ctx.db.dialect, entity);
  const q = whereExpr(ctx.db.knex(t.writeTable), t.expr(entity.ownerField ?? 'userId'), '=', userId);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  return ((await q.orderBy('id').pluck('id')) as (number | string)[]).map(Number);
}

/**
 * Work waiting for every reviewer, made through the domain functions the API calls (so the
 * history, audit rows and domain events exist): a staff role request for the demo director,
 * verification requests for the director and for licensing staff (350), a verified and a declined
 * record of the demo professional, a credential expiring within 90 days and an active alert.
 */
export async function seedDemoWork(ctx: AppContext, input: DemoWorkInput): Promise<void> {
  const { users, organizationId } = input;
  const professional = users.get('100');
  const director = users.get('200');
  const licensing = users.get('350');
  if (professional === undefined || director === undefined) return;
  const asProfessional = await contextOf(ctx, professional);
  const asDirector = await contextOf(ctx, director, '200');
  const [education] = await recordIds(ctx, EDUCATION, professional);
  const [certification] = await recordIds(ctx, CERTIFICATION, professional);
  const [firstTraining, secondTraining] = await recordIds(ctx, TRAINING, professional);

  // waiting for the director and licensing staff: the professional's education; for the director only: a training record
  if (education !== undefined) await requestVerification(ctx, asProfessional, { entityTypeId: EDUCATION, entityId: education });
  if (firstTraining !== undefined) await requestVerification(ctx, asProfessional, { entityTypeId: TRAINING, entityId: firstTraining });
  // declined by the director, with a comment
  if (secondTraining !== undefined) {
    const ref = { entityTypeId: TRAINING, entityId: secondTraining };
    await requestVerification(ctx, asProfessional, ref);
    await viewForVerification(ctx, asDirector, ref);
    await decideVerification(ctx, asDirector, { ...ref, isVerified: false, action: 'decline', comments: 'The certificate does not show the training hours. Please upload the certificate with the hours and ask again.' });
  }
  if (licensing !== undefined) {
    const asLicensing = await contextOf(ctx, licensing);
    // verified by licensing staff, with a comment
    if (certification !== undefined) {
      const ref = { entityTypeId: CERTIFICATION, entityId: certification };
      await requestVerification(ctx, asProfessional, ref);
      await viewForVerification(ctx, asLicensing, ref);
      await decideVerification(ctx, asLicensing, { ...ref, isVerified: true, action: 'verify', comments: 'Checked against the Council for Professional Recognition registry.' });
    }
    // the director's own education waits for licensing staff
    const [directorEducation] = await recordIds(ctx, EDUCATION, director);
    if (directorEducation !== undefined) await requestVerification(ctx, await contextOf(ctx, director, '100'), { entityTypeId: EDUCATION, entityId: directorEducation });
  }
  await seedExpiringCredential(ctx, professional, asProfessional.today);
  await seedStaffRequest(ctx, organizationId);
  const admin = users.get('AdminUser') ?? users.get('500') ?? users.get('400');
  if (admin !== undefined) await seedAlert(ctx, admin, asProfessional.today);
}

/** A certification of the demo professional that expires 45 days from today. */
async function seedExpiringCredential(ctx: AppContext, userId: number, today: string): Promise<void> {
  const entity = ctx.registry.entities.get(CERTIFICATION);
  if (!entity) return;
  const values = {
    userId, certificationType: 'Certification', certificationName: 'Pediatric First Aid and CPR', issuingBody: 'American Red Cross',
    credentialNumber: 'ARC-PFA-20731', issueDate: addDays(today, -685), expirationDate: addDays(today, 45),
  };
  await ctx.db.knex.transaction(async (trx) => {
    const id = await insertRow(trx, ctx.db, entity, values, userId);
    await writeAudit(trx, { userId, action: 'record.create', entityTypeId: entity.id, entityId: id, detail: { values } });
  });
}

/** A new teacher at the demo organization asks for the staff role: it waits for the demo director. */
async function seedStaffRequest(ctx: AppContext, organizationId: number): Promise<void> {
  const entity = ctx.registry.entities.get(EMPLOYMENT);
  if (!entity) return;
  const applicant = await createUser(ctx.db.knex, ctx.registry, {
    email: 'applicant@demo.registry.test', password: null, firstName: 'Olivia', lastName: 'Bennett', roles: [], confirmed: true, firstTime: false,
  }, null);
  const values = { userId: applicant.id, organizationId, titlePosition: 'Lead Teacher', startDate: '2025-08-04' };
  const employmentId = await ctx.db.knex.transaction(async (trx) => {
    const id = await insertRow(trx, ctx.db, entity, values, applicant.id);
    await writeAudit(trx, { userId: applicant.id, action: 'record.create', entityTypeId: entity.id, entityId: id, detail: { values } });
    return id;
  });
  await requestRole(ctx, await contextOf(ctx, applicant.id), employmentId, '100');
}

/** An alert every signed-in person sees on the dashboard for the next 30 days. */
async function seedAlert(ctx: AppContext, adminId: number, today: string): Promise<void> {
  const entity = ctx.registry.entities.get(ALERT);
  if (!entity) return;
  const values = {
    subject: 'Welcome to the demo registry',
    message: 'This registry holds demo data: every role has a demo user, and directors and licensing staff have requests waiting for them.',
    dismissible: true, startDate: today, endDate: addDays(today, 30),
  };
  await ctx.db.knex.transaction(async (trx) => {
    const id = await insertRow(trx, ctx.db, entity, values, adminId);
    await writeAudit(trx, { userId: adminId, action: 'record.create', entityTypeId: entity.id, entityId: id, detail: { values } });
  });
}
