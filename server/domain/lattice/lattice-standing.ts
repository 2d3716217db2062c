import { claimAbove, latticeStanding, missingSentence, NO_FACTS, type LatticeFacts, type LatticeStanding } from '../../../engine/lattice/lattice-level.js';
import type { Lattice, LatticeLevel } from '../../../engine/metadata/lattice-schema.js';
import { displayedCycleEnd, qrisCycleOn, type QrisCycle } from '../../../engine/reports/qris-cycle.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { formatDate } from '../../../engine/text/format.js';
import type { AppContext } from '../../app-context.js';
import { claimedLevels, latticeFactsOf, type ClaimedLevel, type LatticeSources } from '../../data/lattice-facts-store.js';
import { forbidden, notFound } from '../../errors.js';
import { settle } from '../../rules/evaluate.js';
import { may } from '../record-access.js';

/** The tenant's career lattice and the record types it reads (404 where the tenant has none). */
export function latticeOf(ctx: AppContext): { lattice: Lattice; sources: LatticeSources } {
  const lattice = ctx.registry.lattice;
  const e = (id: number) => ctx.registry.entities.get(id);
  const education = lattice && e(lattice.education.entityTypeId);
  const credentials = lattice && e(lattice.credentials.entityTypeId);
  const training = lattice && e(lattice.training.entityTypeId);
  if (!lattice || !education || !credentials || !training) throw notFound('Career lattice');
  return { lattice, sources: { education, credentials, training } };
}

export function cycleOf(ctx: AppContext, context: RuleContext): QrisCycle {
  return qrisCycleOn(context.today, ctx.registry.tenant.qrisCycle);
}

/** The computed standing of each person (set-based: one query for all of them). */
export async function standingsOf(ctx: AppContext, context: RuleContext, userIds: readonly number[]): Promise<Map<number, LatticeStanding>> {
  const { lattice, sources } = latticeOf(ctx);
  const facts = await latticeFactsOf(ctx.db, lattice, sources, userIds, cycleOf(ctx, context));
  return new Map(userIds.map((id) => [id, latticeStanding(lattice, facts.get(id) ?? NO_FACTS)]));
}

const text = (ctx: AppContext, key: string) => ctx.registry.texts[key] ?? key;
const levelAnswer = (ctx: AppContext, l: LatticeLevel | null) => (l ? { id: l.id, name: l.name, label: text(ctx, l.label) } : null);

export interface StandingAnswer {
  current: { level: string; currentLevel: string; verificationStatus: string | null } | null;
  computed: { id: number; name: string; label: string } | null;
  next: { id: number; name: string; label: string; missing: string[] } | null;
  claimAbove: boolean;
  cycle: { start: string; end: string };
  facts: LatticeFacts;
}

/** GET /api/career-lattice/standing: a person's claimed level, the level their verified records reach and what the next one needs. */
export async function standingOfPerson(ctx: AppContext, context: RuleContext, userId: number): Promise<StandingAnswer> {
  const { lattice, sources } = latticeOf(ctx);
  const claimedEntity = ctx.registry.entities.get(lattice.claimed.entityTypeId);
  if (!claimedEntity) throw notFound('Career lattice');
  const owner = claimedEntity.ownerField ?? 'userId';
  if (!(await settle(context, () => may(claimedEntity, 'read', context, { [owner]: userId })))) throw forbidden();
  const cycle = cycleOf(ctx, context);
  const facts = (await latticeFactsOf(ctx.db, lattice, sources, [userId], cycle)).get(userId) ?? NO_FACTS;
  const standing = latticeStanding(lattice, facts);
  const [claimed] = await claimedLevels(ctx.db, claimedEntity, lattice.claimed.field, { owners: [userId] });
  const tz = ctx.registry.tenant.timeZone;
  return {
    current: currentOf(claimed),
    computed: levelAnswer(ctx, standing.level),
    next: standing.next ? { ...levelAnswer(ctx, standing.next)!, missing: standing.missing.map((m) => missingSentence(text(ctx, m.text), m)) } : null,
    claimAbove: claimAbove(lattice, claimed?.level, standing.level),
    cycle: { start: formatDate(cycle.startDate, tz), end: formatDate(displayedCycleEnd(cycle.endDate), tz) },
    facts,
  };
}

/** The Current Level header: the last character of the level name (spec part 2 section 2). */
function currentOf(claimed: ClaimedLevel | undefined): StandingAnswer['current'] {
  if (!claimed?.level) return null;
  return { level: claimed.level, currentLevel: claimed.level.slice(-1), verificationStatus: claimed.verificationStatus };
}
