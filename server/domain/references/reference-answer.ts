import { fieldValueErrors, rowFromValues } from '../../../engine/forms/entity-values.js';
import type { FormValues } from '../../../engine/forms/form-types.js';
import { resolveFormState } from '../../../engine/forms/resolve-form-state.js';
import type { FormElement } from '../../../engine/metadata/form-schema.js';
import { ruleContextFor, type AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { insertRow } from '../../data/entity-store.js';
import { noteAnswer, referenceRequestById, type ReferenceRequestRow } from '../../data/reference-request-store.js';
import { fullName } from '../../data/user-store.js';
import { AppError, FORM_INVALID, invalid, textError } from '../../errors.js';
import { settle } from '../../rules/evaluate.js';
import { codeMatches } from '../accounts/account-codes.js';
import { sanitiseElementValue } from '../rich-text/sanitise-rich-text.js';
import { stepInTransaction } from '../workflows/fire-transition.js';
import { textOf, workflowTarget } from '../workflows/workflow-target.js';

/** The Reference record type (entity 30), the request (entity 34) and the referee's form (27). */
const REFERENCE_ENTITY = 30;
const REQUEST_ENTITY = 34;
export const REFEREE_FORM = 27;

/** What a link is worth now. */
export type LinkState = 'valid' | 'used' | 'expired' | 'cancelled' | 'unknown';

const STATE_TEXT: Readonly<Record<Exclude<LinkState, 'valid'>, string>> = {
  used: 'reference.linkUsed', expired: 'reference.linkExpired', cancelled: 'reference.linkCancelled', unknown: 'reference.linkUnknown',
};

function stateOf(row: ReferenceRequestRow | null, code: string): LinkState {
  if (!row?.codeHash || !codeMatches(row.codeHash, code)) return 'unknown';
  if (row.state === 'answered') return 'used';
  if (row.state === 'cancelled') return 'cancelled';
  if (row.state === 'expired' || (row.expiresAt !== null && new Date(row.expiresAt).getTime() <= Date.now())) return 'expired';
  return row.state === 'requested' ? 'valid' : 'unknown';
}

/** An element of the referee's form as the public page draws it. */
export interface LinkElement { id: number; type: string; subtype?: string; stimulus: string; required: boolean; maxLength?: number; width?: number; tooltip?: string }

export interface LinkAnswer {
  state: LinkState;
  /** the page's text for a link that no longer works */
  message?: string;
  /** a valid link: the professional's name, the request's message and the form's elements */
  name?: string;
  requestMessage?: string | null;
  refereeName?: string;
  elements?: LinkElement[];
}

const elementOf = (e: FormElement): LinkElement => ({
  id: e.id, type: e.type, ...(e.subtype ? { subtype: e.subtype } : {}), stimulus: e.stimulus ?? '', required: e.required === true,
  ...(e.maxLength ? { maxLength: e.maxLength } : {}), ...(e.width ? { width: e.width } : {}), ...(e.tooltip ? { tooltip: e.tooltip } : {}),
});

/** GET /api/references/answer: what the referee's link opens (no sign-in): the form, or why it no longer works. */
export async function referenceLinkState(ctx: AppContext, requestId: number, code: string): Promise<LinkAnswer> {
  const row = await referenceRequestById(ctx.db.knex, requestId);
  const state = stateOf(row, code);
  if (state !== 'valid' || !row) return { state, message: textOf(ctx.registry, STATE_TEXT[state as Exclude<LinkState, 'valid'>]) };
  const form = ctx.registry.forms.get(REFEREE_FORM);
  return {
    state, name: (await fullName(ctx.db.knex, row.userId)) ?? '', requestMessage: row.message, refereeName: row.refereeName,
    elements: (form?.elements ?? []).filter((e) => e.visible !== false).map(elementOf),
  };
}

/** The professional whose request it is, as the workflow's rule context (the referee has no account). */
function ownerContext(ctx: AppContext, userId: number) {
  return ruleContextFor(ctx, { id: userId, roles: ['100'], activeRole: '100', claims: [] });
}

function refusal(ctx: AppContext, state: Exclude<LinkState, 'valid'>): AppError {
  return textError(state === 'unknown' ? 'not-found' : 'conflict', STATE_TEXT[state], textOf(ctx.registry, STATE_TEXT[state]));
}

/**
 * POST /api/references/answer: the referee's answer (form 27, checked by the same rules as every
 * form) becomes the professional's Reference (source 'referee', received today) and the request
 * takes the workflow step `answer`, in one transaction with their audit rows; the link then never
 * works again. An expired link takes the step `expire` instead and is refused.
 */
export async function answerReference(ctx: AppContext, requestId: number, code: string, responses: ReadonlyArray<{ formElementId: number; value?: string | null }>): Promise<{ message: string }> {
  const first = await referenceRequestById(ctx.db.knex, requestId);
  const seen = stateOf(first, code);
  if (seen === 'expired' && first?.state === 'requested') await expire(ctx, first);
  if (seen !== 'valid' || !first) throw refusal(ctx, seen as Exclude<LinkState, 'valid'>);
  const form = ctx.registry.forms.get(REFEREE_FORM)!;
  const entity = ctx.registry.entities.get(REFERENCE_ENTITY)!;
  const context = ownerContext(ctx, first.userId);
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  const elements = new Map(form.elements.map((e) => [e.id, e]));
  for (const r of responses) {
    const e = elements.get(r.formElementId);
    if (!e) errors[r.formElementId] = 'This element is not part of the form.';
    else if (r.formElementId in values) errors[r.formElementId] = 'This element was answered twice.';
    else values[e.id] = sanitiseElementValue(e, r.value ?? null);
  }
  if (Object.keys(errors).length) throw invalid(FORM_INVALID, errors);
  const stateContext = { ...context, texts: ctx.registry.texts };
  const state = await settle(context, () => resolveFormState(form, values, stateContext));
  const timeZone = ctx.registry.tenant.timeZone;
  const fields = rowFromValues(form, entity, state.values, timeZone);
  const fieldErrors = { ...fieldValueErrors(form, entity, state.values, fields, ctx.registry.texts), ...state.errors };
  if (Object.keys(fieldErrors).length) throw invalid(FORM_INVALID, fieldErrors);
  const record = { ...fields, userId: first.userId, refereeEmail: first.refereeEmail, source: 'referee', dateReceived: context.today, referenceRequestId: first.id };
  const target = workflowTarget(ctx, REQUEST_ENTITY);
  await ctx.db.knex.transaction(async (trx) => {
    const row = await referenceRequestById(trx, requestId, true);
    const now = stateOf(row, code);
    if (now !== 'valid') throw refusal(ctx, now as Exclude<LinkState, 'valid'>);
    const referenceId = await insertRow(trx, ctx.db, entity, record, first.userId);
    await writeAudit(trx, { userId: first.userId, action: 'record.create', entityTypeId: entity.id, entityId: referenceId, detail: { formId: form.id, values: record, via: 'referee link' } });
    await stepInTransaction(trx, ctx, context, target, { entityId: requestId, transition: 'answer', authority: 'form' });
    await noteAnswer(trx, requestId, referenceId);
  });
  return { message: textOf(ctx.registry, 'reference.answerThanks').replace('{name}', (await fullName(ctx.db.knex, first.userId)) ?? '') };
}

/** The request whose link ran out moves to `expired` (the step no caller takes). */
async function expire(ctx: AppContext, row: ReferenceRequestRow): Promise<void> {
  const target = workflowTarget(ctx, REQUEST_ENTITY);
  await ctx.db.knex.transaction(async (trx) => {
    const locked = await referenceRequestById(trx, row.id, true);
    if (locked?.state !== 'requested') return;
    await stepInTransaction(trx, ctx, ownerContext(ctx, row.userId), target, { entityId: row.id, transition: 'expire', authority: 'form' });
  });
}
