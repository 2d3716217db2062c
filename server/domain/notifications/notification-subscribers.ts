import type { Knex } from 'knex';
import type { NotificationKind } from '../../../engine/metadata/notification-schema.js';
import type { AppContext } from '../../app-context.js';
import { organizationName } from '../../data/organization-store.js';
import { fullName } from '../../data/user-store.js';
import type { DomainEventMap, PublishedEvent } from '../../events/domain-event.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { directorsOf, reviewersOf } from './notification-recipients.js';
import type { NotificationParams } from './notification-texts.js';
import { notify } from './notify.js';

type RoleEvent = 'role.requested' | 'role.granted' | 'role.rejected' | 'role.removed' | 'role.withdrawn';

const ROLE_KIND: Record<RoleEvent, NotificationKind> = {
  'role.requested': 'role-requested', 'role.granted': 'role-granted', 'role.rejected': 'role-rejected',
  'role.removed': 'role-removed', 'role.withdrawn': 'role-withdrawn',
};
/** The request's action type (spec part 3 section 3: 1 Role Requested, 2 Granted, 3 Rejected, 10 Withdrawn) for the Requests grid's live update. */
const REQUEST_ACTION: Partial<Record<RoleEvent, number>> = { 'role.requested': 1, 'role.granted': 2, 'role.rejected': 3, 'role.withdrawn': 10 };
const OUTCOME_KIND = { approved: 'verification-verified', declined: 'verification-declined', removed: 'verification-removed' } as const;

/** A person's name as the notification texts show it; empty when there is no such person. */
async function nameOf(trx: Knex.Transaction, userId: number): Promise<string> {
  return (await fullName(trx, userId)) ?? '';
}

/** Notifies each recipient except the one who caused the event (nobody is told of their own act). */
async function notifyAll(trx: Knex.Transaction, ctx: AppContext, event: PublishedEvent, kind: NotificationKind, recipients: readonly number[], params: NotificationParams, routeParams?: Record<string, string>): Promise<void> {
  for (const recipientId of recipients) {
    if (recipientId === event.actorId) continue;
    await notify(trx, ctx, { recipientId, kind, eventId: event.id, params, ...(routeParams ? { routeParams } : {}) });
  }
}

async function onRoleEvent<T extends RoleEvent>(ctx: AppContext, event: PublishedEvent<T>): Promise<void> {
  const p = event.payload as DomainEventMap[RoleEvent];
  await ctx.db.knex.transaction(async (trx) => {
    const directors = await directorsOf(trx, ctx.registry, p.organizationId);
    const params: NotificationParams = {
      name: await nameOf(trx, p.userId), organization: (await organizationName(trx, p.organizationId)) ?? '',
      role: ctx.registry.roles.get(p.role)?.label ?? p.role, comment: 'comment' in p ? p.comment : null,
    };
    const kind = ROLE_KIND[event.type];
    await notifyAll(trx, ctx, event, kind, event.type === 'role.requested' ? directors.filter((d) => d !== p.userId) : [p.userId], params);
    const actionType = REQUEST_ACTION[event.type];
    if (actionType !== undefined && 'requestId' in p) {
      const to = [...new Set([...directors, p.userId])];
      signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'RolePromotionActionReceived', to: { userIds: to }, ref: { userId: p.userId, rolePromotionActionId: p.requestId, actionType } });
    }
  });
}

async function recordName(ctx: AppContext, entityTypeId: number): Promise<string> {
  const entity = ctx.registry.entities.get(entityTypeId);
  return entity ? (entity.displayName ?? entity.name) : '';
}

/**
 * The subscribers that turn domain events into notifications (spec part 3 section 4, issue 12):
 * role requests to the organization's directors, their outcomes to the person; verification
 * requests to whoever reviews them, the decisions to the record's owner. Idempotent: the event id
 * with the recipient is unique, so a redelivered event stores nothing twice and sends no second mail.
 */
export function subscribeNotifications(ctx: AppContext): void {
  for (const type of Object.keys(ROLE_KIND) as RoleEvent[]) ctx.events.subscribe(type, (e) => onRoleEvent(ctx, e));

  ctx.events.subscribe('verification.requested', async (event) => {
    const p = event.payload;
    await ctx.db.knex.transaction(async (trx) => {
      const params = { name: await nameOf(trx, p.ownerId), record: await recordName(ctx, p.entityTypeId) };
      await notifyAll(trx, ctx, event, 'verification-requested', await reviewersOf(trx, ctx.registry, p.ownerId), params);
    });
  });

  ctx.events.subscribe('verification.decided', async (event) => {
    const p = event.payload;
    await ctx.db.knex.transaction(async (trx) => {
      const params = { name: await nameOf(trx, p.ownerId), record: await recordName(ctx, p.entityTypeId), comment: p.comment };
      await notifyAll(trx, ctx, event, OUTCOME_KIND[p.outcome], [p.ownerId], params);
    });
  });
}
