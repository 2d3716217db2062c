import { evaluateTemplate } from '../../../../engine/workflows/step-template.js';
import type { DomainEventMap, DomainEventType, StepNotification } from '../../../events/domain-event.js';
import { publishEvent } from '../../../events/event-bus.js';
import { settle } from '../../../rules/evaluate.js';
import { personOf, type EffectHandler, type EffectInput } from './effect-input.js';

/** The step's notification: the person told and the texts' values, computed over the step; none when it names nobody. */
async function stepNotification(i: EffectInput<'publishEvent'>): Promise<StepNotification | undefined> {
  const n = i.params.notification;
  if (n === undefined) return undefined;
  const values = await settle(i.context, () => evaluateTemplate({ to: n.to, ...n.params }, i.step()));
  const { to, ...params } = values;
  const recipientId = Number(to);
  if (!Number.isInteger(recipientId) || recipientId <= 0) return undefined;
  // `record` names the record by its display field unless the metadata says otherwise
  const display = i.entity.displayField === undefined ? undefined : i.step().row[i.entity.displayField];
  const named = display === undefined || display === null ? params : { record: display, ...params };
  return { kind: n.kind, recipientId, params: Object.fromEntries(Object.entries(named).map(([k, v]) => [k, v === null ? '' : String(v)])) };
}

/**
 * A domain event in the same transaction: with a payload, the event of that name (its shape is the
 * metadata's, checked against the known events); without, `workflow.transitioned` naming the event.
 */
export const publishEventEffect: EffectHandler<'publishEvent'> = async (i) => {
  if (i.params.payload !== undefined) {
    const payload = await settle(i.context, () => evaluateTemplate(i.params.payload!, i.step()));
    await publishEvent(i.trx, { type: i.params.event as DomainEventType, payload: payload as unknown as DomainEventMap[DomainEventType], actorId: i.actorId });
    return;
  }
  const notification = await stepNotification(i);
  await publishEvent(i.trx, {
    type: 'workflow.transitioned', actorId: i.actorId,
    payload: {
      event: i.params.event, workflowId: i.workflow.id, entityTypeId: i.entity.id, entityId: i.entityId,
      transition: i.transition, from: i.from, to: i.to, comment: i.comment, ownerId: personOf(i.entity, i.row),
      ...(notification ? { notification } : {}),
    },
  });
};
