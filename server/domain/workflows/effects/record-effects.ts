import { evaluateTemplate } from '../../../../engine/workflows/step-template.js';
import { insertRow } from '../../../data/entity-store.js';
import { settle } from '../../../rules/evaluate.js';
import { formatText } from '../../../../engine/forms/form-messages.js';
import { escapeHtml } from '../../../mail/render-mail.js';
import { sanitiseRichText } from '../../rich-text/sanitise-rich-text.js';
import type { EffectHandler } from './effect-input.js';

/** Fields of the record computed from the step, written with the new state. */
export const setFieldsEffect: EffectHandler<'setFields'> = async (i) => {
  i.setFields(await settle(i.context, () => evaluateTemplate(i.params.values, i.step())));
};

/**
 * A record of another type posted in the step: a line of a history the spec's calls read (a role
 * promotion action, ...). Its fields come from the step; it is written as its entity stores it.
 */
export const postRecordEffect: EffectHandler<'postRecord'> = async (i) => {
  const entity = i.ctx.registry.entities.get(i.params.entityTypeId);
  if (!entity) throw new Error(`workflow '${i.workflow.id}': postRecord names missing entity ${i.params.entityTypeId}`);
  await insertRow(i.trx, i.ctx.db, entity, await settle(i.context, () => evaluateTemplate(i.params.values, i.step())), i.actorId);
};

/** A catalogue text (its params escaped, rich text sanitised) written into a field with the new state. */
export const storeTextEffect: EffectHandler<'storeText'> = async (i) => {
  const raw = await settle(i.context, () => evaluateTemplate(i.params.params ?? {}, i.step()));
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, escapeHtml(v === null || v === undefined ? '' : String(v))]));
  const text = formatText(i.ctx.registry.texts, i.params.text, params);
  i.setFields({ [i.params.field]: i.params.richText ? sanitiseRichText(text, { links: true }) : text });
};
