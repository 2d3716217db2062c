import { formatText } from '../../../../engine/forms/form-messages.js';
import { personById } from '../../../data/user-store.js';
import { queueMail } from '../../../mail/outbox.js';
import { personOf, type EffectHandler } from './effect-input.js';

/**
 * An e-mail from a template (metadata/emails/<template>.mjml) to the record's owner or the actor,
 * written to the outbox in the transition's transaction. The template may use firstName,
 * lastName, recordName, workflowName, stepLabel, stateLabel and comment.
 */
export const notifyEffect: EffectHandler<'notify'> = async (i) => {
  const userId = i.params.to === 'actor' ? i.actorId : personOf(i.entity, i.row);
  if (userId === null) return;
  const person = await personById(i.trx, userId);
  if (!person) return;
  const texts = i.ctx.registry.texts;
  const text = (key: string | undefined) => (key === undefined ? '' : formatText(texts, key));
  const display = i.entity.displayField === undefined ? undefined : i.row[i.entity.displayField];
  await queueMail(i.trx, {
    to: person.email, template: i.params.template,
    data: {
      firstName: person.firstName, lastName: person.lastName, workflowName: i.workflow.name,
      recordName: display === undefined || display === null ? (i.entity.displayName ?? i.entity.name) : String(display),
      stepLabel: text(i.workflow.transitions.find((t) => t.id === i.transition)?.label),
      stateLabel: text(i.workflow.states.find((s) => s.id === i.to)?.label),
      comment: i.comment ?? '',
    },
  }, i.ctx);
};
