import { ruleContextFor, type AppContext } from '../app-context.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { coachRelationshipAction } from '../domain/coaching/coaching-actions.js';

/** The spec's coaching action codes the demo takes (part 3 "Coach relationship"). */
const REQUEST = 1;
const APPROVE = 2;
const CLOSE = 4;
const SHARE_PDP = 6;

/** A person acting in a role, as the workflow's rules see them. */
function actingAs(ctx: AppContext, id: number, role: string): RuleContext {
  return ruleContextFor(ctx, { id, roles: [role], activeRole: role, claims: ctx.registry.roles.get(role)?.claims ?? [] });
}

/**
 * Coaching in the demo (issue 27): the demo coach (300) coaches the demo professional, who shares
 * their PDP; has a request waiting for another professional's answer; and a coaching with the demo
 * director that ended. Every step goes through the coaching workflow, so the history lines, audit
 * rows and notifications are the ones people make. Nothing where the tenant has no coaches (al).
 */
export async function seedDemoCoaching(ctx: AppContext, users: ReadonlyMap<string, number>, staff: readonly number[]): Promise<void> {
  const coachId = users.get('300');
  const professionalId = users.get('100');
  const directorId = users.get('200');
  const waitingId = staff.find((id) => ![...users.values()].includes(id));
  if (coachId === undefined || professionalId === undefined || !ctx.registry.workflows.has('coaching')) return;
  const coach = actingAs(ctx, coachId, '300');
  const request = async (personId: number) => (await coachRelationshipAction(ctx, coach, { primaryEntityId: personId, action: REQUEST, comments: null })).coachRelationships[0]!.id;
  const active = await request(professionalId);
  const professional = actingAs(ctx, professionalId, '100');
  await coachRelationshipAction(ctx, professional, { coachRelationshipId: active, action: APPROVE });
  await coachRelationshipAction(ctx, professional, { coachRelationshipId: active, action: SHARE_PDP });
  if (waitingId !== undefined) await request(waitingId);
  if (directorId !== undefined) {
    const closed = await request(directorId);
    await coachRelationshipAction(ctx, actingAs(ctx, directorId, '100'), { coachRelationshipId: closed, action: APPROVE });
    await coachRelationshipAction(ctx, coach, { coachRelationshipId: closed, action: CLOSE, comments: ctx.registry.texts['demo.coaching.endComment'] ?? null });
  }
}
