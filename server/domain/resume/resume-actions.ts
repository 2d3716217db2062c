import type { Knex } from 'knex';
import { Readable } from 'node:stream';
import { idsListProblem, type IdsList } from '../../../engine/records/resume-items.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { formatDate } from '../../../engine/text/format.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { findRow } from '../../data/entity-store.js';
import { insertFile, markDeleted, liveFile } from '../../data/file-store.js';
import { insertGeneratedResume, markPublished, resumeById, saveResume, type ResumeRow } from '../../data/resume-store.js';
import { conflict, forbidden, invalid, notFound, textError } from '../../errors.js';
import { moveIntoPlace, newFileKey, removeKey, removeQuietly, streamToTemp } from '../files/file-disk.js';
import { requireFeature } from '../features.js';
import { may } from '../record-access.js';
import { renderResume } from './render-resume.js';
import { RESUME_ENTITY, RESUME_FEATURE, offeredIds, offeredSections, printedSections, text, viewSections, type ViewSection } from './resume-view.js';

/**
 * The generated resume (spec part 2 sections 2, 3 and 5; calls /generatedResume/*): only its owner
 * reads and changes it; another person's resume, a missing one and a disabled one all answer 404
 * 'Resume not found.', so guessing ids tells nothing. Every change writes its audit row.
 */

const USER_ENTITY = 1;

export interface ResumeFields { resumeId: number; description: string; fileKey: string | null; isPublished: boolean; isGenerated: boolean }

const fieldsOf = (r: ResumeRow): ResumeFields => ({ resumeId: r.id, description: r.description, fileKey: r.fileKey, isPublished: r.isPublished, isGenerated: r.isGenerated });

function resumeEntity(ctx: AppContext) {
  const entity = ctx.registry.entities.get(RESUME_ENTITY);
  if (!entity) throw notFound('Resume');
  return entity;
}

/** The caller's own resume (locked for a change inside a transaction), else 404. */
async function ownResume(ctx: AppContext, context: RuleContext, id: number, trx?: Knex.Transaction): Promise<ResumeRow> {
  const r = await resumeById(trx ?? ctx.db.knex, id, trx !== undefined);
  if (!r || r.disabled || r.userId !== context.user.id) throw notFound('Resume');
  return r;
}

/** A generated resume not yet published: the only kind Save and Preview and Publish change. */
function changeable(r: ResumeRow): void {
  if (!r.isGenerated) throw textError('conflict', 'resume.notGenerated', 'Only a generated resume can be edited or published.');
  if (r.isPublished) throw textError('conflict', 'resume.alreadyPublished', 'This resume is published and can no longer be changed.');
}

/** POST /generatedResume/create: a new generated resume of the caller, nothing chosen yet. */
export async function createResume(ctx: AppContext, context: RuleContext): Promise<ResumeFields> {
  await requireFeature(ctx, RESUME_FEATURE);
  const me = context.user.id;
  if (!(await may(resumeEntity(ctx), 'create', context, { userId: me }))) throw forbidden();
  const description = `${text(ctx, 'resume.pdf.title', 'Resume')} ${formatDate(context.today, ctx.registry.tenant.timeZone)}`;
  const id = await ctx.db.knex.transaction(async (trx) => {
    const newId = await insertGeneratedResume(trx, me, description);
    await writeAudit(trx, { userId: me, action: 'resume.create', entityTypeId: RESUME_ENTITY, entityId: newId });
    return newId;
  });
  return fieldsOf((await resumeById(ctx.db.knex, id))!);
}

/** GET /generatedResume/viewFields: the resume with each section's items (id, description, isSelected). */
export async function resumeViewFields(ctx: AppContext, context: RuleContext, resumeId: number): Promise<ResumeFields & { sections: ViewSection[] }> {
  await requireFeature(ctx, RESUME_FEATURE);
  const r = await ownResume(ctx, context, resumeId);
  const sections = viewSections(ctx, await offeredSections(ctx, context, r.userId), r);
  return { ...fieldsOf(r), sections };
}

async function contactOf(ctx: AppContext, userId: number): Promise<{ name: string; contact: string[] }> {
  const entity = ctx.registry.entities.get(USER_ENTITY);
  const u = entity ? await findRow(ctx.db, entity, userId) : null;
  const s = (k: string) => (u && u[k] !== null && u[k] !== undefined ? String(u[k]).trim() : '');
  const place = [s('city'), s('state')].filter(Boolean).join(', ');
  return { name: [s('firstName'), s('middleName'), s('lastName')].filter(Boolean).join(' '), contact: [s('email'), s('phoneNumber'), place].filter(Boolean) };
}

/**
 * POST /generatedResume/edit: saves the description and the chosen records (each the caller's own
 * record of its section's type, at most a section's maximum), makes the PDF of exactly those and
 * answers its key; the previous PDF is retired. Refused, changing nothing, on any bad id.
 */
export async function editResume(ctx: AppContext, context: RuleContext, input: { resumeId: number; description: string; idsList: IdsList }): Promise<{ fileKey: string }> {
  await requireFeature(ctx, RESUME_FEATURE);
  const description = input.description.trim();
  const first = await ownResume(ctx, context, input.resumeId);
  changeable(first);
  const sections = await offeredSections(ctx, context, first.userId);
  const ids: IdsList = Object.fromEntries(Object.entries(input.idsList).map(([k, v]) => [k, [...v]]));
  const problem = idsListProblem(ctx.registry.resumeSections, offeredIds(sections), ids, (max) => text(ctx, 'resume.editor.maxOf', '(Maximum of {max} allowed)').replace('{max}', String(max)));
  if (problem) throw invalid(problem.message, { [problem.key]: problem.message });
  const selection = Object.fromEntries(ctx.registry.resumeSections.map((s) => [s.idsKey, ids[s.idsKey] ?? []]));
  const person = await contactOf(ctx, first.userId);
  const pdf = await renderResume({ title: text(ctx, 'resume.pdf.title', 'Resume'), productName: ctx.registry.tenant.productName, person, description, sections: printedSections(ctx, sections, selection) });
  const temp = await streamToTemp(ctx.config.dataDir, Readable.from([pdf]));
  const key = newFileKey();
  let moved = false;
  try {
    await ctx.db.knex.transaction(async (trx) => {
      const r = await ownResume(ctx, context, input.resumeId, trx);
      changeable(r);
      const name = `Resume_${person.name}.pdf`.replace(/[^A-Za-z0-9._-]+/g, '_');
      const fileId = await insertFile(trx, {
        key, kind: 'r', fileSetId: null, originalName: name, contentType: 'application/pdf', size: temp.size, sha256: temp.sha256,
        ownerUserId: r.userId, entityTypeId: RESUME_ENTITY, entityId: r.id, formElementId: null, uploadedBy: context.user.id,
      });
      const old = r.fileKey ? await liveFile(trx, { key: r.fileKey }) : null;
      if (old) await markDeleted(trx, [old.id]);
      await saveResume(trx, r.id, { description, selection, fileKey: key }, context.user.id);
      await writeAudit(trx, { userId: context.user.id, action: 'resume.edit', entityTypeId: RESUME_ENTITY, entityId: r.id, detail: { fileId, selection } });
      await moveIntoPlace(ctx.config.dataDir, temp, key);
      moved = true;
    });
  } catch (e) {
    if (moved) await removeKey(ctx.config.dataDir, key);
    throw e;
  } finally {
    await removeQuietly(temp.path);
  }
  return { fileKey: key };
}

/** POST /generatedResume/publish: a saved, generated, unpublished resume becomes published (its records no longer change). */
export async function publishResume(ctx: AppContext, context: RuleContext, resumeId: number): Promise<ResumeFields> {
  await requireFeature(ctx, RESUME_FEATURE);
  await ownResume(ctx, context, resumeId);
  await ctx.db.knex.transaction(async (trx) => {
    const r = await ownResume(ctx, context, resumeId, trx);
    changeable(r);
    if (!r.fileKey) throw conflict(text(ctx, 'resume.notSaved', 'Save and Preview the resume before publishing it.'));
    await markPublished(trx, r.id, context.user.id);
    await writeAudit(trx, { userId: context.user.id, action: 'resume.publish', entityTypeId: RESUME_ENTITY, entityId: r.id, detail: { fileKey: r.fileKey } });
  });
  return fieldsOf((await resumeById(ctx.db.knex, resumeId))!);
}
