import { publishEvent } from '../../../events/event-bus.js';
import { personOf, type EffectHandler } from './effect-input.js';

/** A `workflow.transitioned` domain event carrying the event name of the metadata, in the same transaction. */
export const publishEventEffect: EffectHandler<'publishEvent'> = async (i) => {
  await publishEvent(i.trx, {
    type: 'workflow.transitioned', actorId: i.actorId,
    payload: {
      event: i.params.event, workflowId: i.workflow.id, entityTypeId: i.entity.id, entityId: i.entityId,
      transition: i.transition, from: i.from, to: i.to, comment: i.comment, ownerId: personOf(i.entity, i.row),
    },
  });
};
