import { requireEntityFeature } from './features.js';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { Form } from '../../engine/metadata/form-schema.js';
import type { EntityRef, PrimaryEntity } from '../../engine/grid/grid-request.js';
import type { FormStateContext } from '../../engine/forms/form-types.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import type { Row } from '../data/entity-store.js';
import { personById } from '../data/user-store.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { isLocked, may } from './record-access.js';
import { readableRecord } from './record-commands.js';

/** The record a form reads or writes, checked: the form, its entity, the row (null when new) and its owner. */
export interface FormTarget {
  form: Form;
  entity: Entity;
  row: Row | null;
  ownerId: number | null;
  canEdit: boolean;
  state: FormStateContext;
  /** the tenant's time zone: datetime fields show and are saved as its wall clock */
  timeZone: string;
}

export interface TargetRequest {
  formId: number;
  entities?: EntityRef[] | null;
  primaryEntity?: PrimaryEntity | null;
}

/** The record's owner as form rules read it (`parent`). */
async function parentOf(ctx: AppContext, ownerId: number | null): Promise<Record<string, unknown> | undefined> {
  return ownerId === null ? undefined : personById(ctx.db.knex, ownerId);
}

export async function resolveFormTarget(ctx: AppContext, context: RuleContext, req: TargetRequest): Promise<FormTarget> {
  const form = ctx.registry.forms.get(req.formId);
  if (!form) throw notFound('Form');
  const entity = ctx.registry.entities.get(form.entityTypeId)!;
  await requireEntityFeature(ctx, entity);
  const ref = req.entities?.find((e) => e.EntityTypeId === form.entityTypeId) ?? null;
  if (req.entities?.length && !ref) throw invalid(`This form edits entity type ${form.entityTypeId}.`, { entities: 'The entity type does not match the form.' });
  let row: Row | null = null;
  let ownerId: number | null;
  if (ref && ref.Id > 0) {
    row = await readableRecord(ctx, context, entity, ref.Id);
    ownerId = entity.ownerField ? Number(row[entity.ownerField]) : null;
    if (req.primaryEntity && ownerId !== null && req.primaryEntity.Id !== ownerId) throw invalid('The record does not belong to the primary entity.', { primaryEntity: 'Does not own this record.' });
  } else {
    ownerId = entity.ownerField ? (req.primaryEntity?.Id ?? context.user.id) : null;
    const draft = entity.ownerField ? { [entity.ownerField]: ownerId } : {};
    if (!(await may(entity, 'create', context, draft))) throw forbidden();
  }
  const canEdit = row === null || (row.disabled !== true && await may(entity, 'update', context, row) && !(await isLocked(entity, context, row)));
  const parent = await parentOf(ctx, ownerId);
  // Element rules may read the stored record as `row` (e.g. a field fixed once requests exist).
  return { form, entity, row, ownerId, canEdit, timeZone: ctx.registry.tenant.timeZone, state: { ...context, texts: ctx.registry.texts, ...(parent ? { parent } : {}), ...(row ? { row } : {}) } };
}
