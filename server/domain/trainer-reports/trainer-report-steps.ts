import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { textError } from '../../errors.js';
import { takeStep } from '../workflows/fire-transition.js';
import { textOf, workflowTarget } from '../workflows/workflow-target.js';

/** Report (spec part 3 section 3) and the metadata workflow it runs (metadata/workflows/trainer-report.json). */
export const TRAINER_REPORT_ENTITY = 27;
export const TRAINER_REPORT_WORKFLOW = 'trainer-report';

/** The spec's response status codes (part 3 section 9): 455 approved, 456 declined. */
const TRANSITION_OF_STATUS: Readonly<Record<number, string>> = { 455: 'approve', 456: 'decline' };

/** A step of the workflow, answered as the spec's calls answer: the state, the status as shown, and the transition's notice. */
async function step(ctx: AppContext, context: RuleContext, reportId: number, transition: string, comment: string | null) {
  const target = workflowTarget(ctx, TRAINER_REPORT_ENTITY);
  const done = await takeStep(ctx, context, target, { entityId: reportId, transition, comment });
  const state = target.workflow.states.find((s) => s.id === done.to)!;
  return { reportId, state: done.to, status: textOf(ctx.registry, state.label), message: done.transition.done === undefined ? '' : textOf(ctx.registry, done.transition.done) };
}

/** POST /reporting/submit: the owner sends a draft or declined report for review (optional comment). */
export function submitReport(ctx: AppContext, context: RuleContext, reportId: number, comment: string | null) {
  return step(ctx, context, reportId, 'submit', comment);
}

/** POST /reporting/respond: a reviewer approves (455) or declines (456, comment required) a submitted report. */
export function respondToReport(ctx: AppContext, context: RuleContext, reportId: number, status: number, comment: string | null) {
  const transition = TRANSITION_OF_STATUS[status];
  if (transition === undefined) throw textError('invalid', 'trainerReport.badStatus', textOf(ctx.registry, 'trainerReport.badStatus'), 'status');
  return step(ctx, context, reportId, transition, comment);
}
