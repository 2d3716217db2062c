import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo } from 'react';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import { workflowDiagram, type DiagramStep } from '../../../engine/workflows/workflow-diagram.js';
import { useMetadata, type MetadataIndex } from '../../app/metadata.js';
import { getDocument } from './admin-api.js';
import { ADMIN_KEY } from './admin-nav.js';

/** The saved document as a workflow, when it has the shape of one (the editor's checks say the rest). */
function workflowIn(text: string): Workflow | null {
  try {
    const value = JSON.parse(text) as Partial<Workflow> | null;
    return value && Array.isArray(value.states) && Array.isArray(value.transitions) ? (value as Workflow) : null;
  } catch {
    return null;
  }
}

const NO_DESCRIPTIONS: ReadonlyMap<string, string> = new Map();

/** The named rules' descriptions, read once from the rule library (rules.json is one document, kind `rule`); when it fails to load a rule shows its name alone. */
function useRuleDescriptions(): ReadonlyMap<string, string> {
  const read = useQuery({
    queryKey: [...ADMIN_KEY, 'document', 'rule', 'rule'],
    queryFn: async ({ signal }) => {
      const doc = await getDocument({ kind: 'rule', id: 'rule' }, undefined, signal);
      const rules = Array.isArray(doc.value) ? (doc.value as Array<{ id?: unknown; description?: unknown }>) : [];
      return new Map(rules.filter((r) => typeof r.id === 'string' && typeof r.description === 'string').map((r): [string, string] => [r.id as string, r.description as string]));
    },
  });
  return read.data ?? NO_DESCRIPTIONS;
}

const stateAnchor = (id: string) => `workflow-state-${id}`;

function Step({ step, m, labelOf, rules }: { step: DiagramStep; m: MetadataIndex; labelOf: (state: string) => string; rules: ReadonlyMap<string, string> }) {
  const { who } = step;
  const roles = who.roles.map((r) => m.roleById.get(r)?.label ?? r).join(', ');
  return (
    <li className="workflow-diagram__step">
      <p className="workflow-diagram__arrow">
        <strong>{m.text(step.label)}</strong> <span aria-hidden="true">→</span><span className="usa-sr-only">{m.text('metadataScreens.workflowTo')}</span>{' '}
        <a href={`#${stateAnchor(step.to)}`}>{labelOf(step.to)}</a>
        {step.alsoTo.map((s) => <Fragment key={s}> {m.text('metadataScreens.workflowOr')} <a href={`#${stateAnchor(s)}`}>{labelOf(s)}</a></Fragment>)}
        <span className="metadata-admin__code"> ({step.id})</span>
      </p>
      <p className="workflow-diagram__who">{m.text('metadataScreens.workflowWho')}:</p>
      <ul className="workflow-diagram__details">
        {who.nobody && <li>{m.text('metadataScreens.workflowNobody')}</li>}
        {roles && <li>{m.text('metadataScreens.workflowRoles', { roles })}</li>}
        {who.claims.length > 0 && <li>{m.text('metadataScreens.workflowClaims', { claims: who.claims.join(', ') })}</li>}
        {who.rules.map((r) => <li key={r}><span className="metadata-admin__code">{r}</span>{rules.get(r) ? `: ${rules.get(r)}` : ''}</li>)}
        {who.entityRules.map((r) => <li key={r}>{m.text('metadataScreens.workflowEntityRule', { rule: r })}</li>)}
      </ul>
      <ul className="workflow-diagram__details">
        {step.comment !== 'none' && <li>{m.text(step.comment === 'required' ? 'metadataScreens.workflowCommentRequired' : 'metadataScreens.workflowCommentOptional')}</li>}
        {step.bulk && <li>{m.text('metadataScreens.workflowBulk')}</li>}
        {!step.offered && <li>{m.text('metadataScreens.workflowNotOffered')}</li>}
        {step.guards.length > 0 && <li>{m.text('metadataScreens.workflowGuards', { messages: step.guards.map((g) => m.text(g)).join(' · ') })}</li>}
      </ul>
    </li>
  );
}

/**
 * A workflow document's diagram, read-only (DESIGN section 5): the steps that create a record, then
 * each state as a box with the steps that leave it, each an arrow to the state it reaches (a link to
 * that box) with who may take it, its comment rule and its guards. A list rather than a drawing, so
 * it reads the same on a phone and to a screen reader.
 */
export function WorkflowDiagramView({ text }: { text: string }) {
  const m = useMetadata();
  const workflow = useMemo(() => workflowIn(text), [text]);
  const diagram = useMemo(() => (workflow ? workflowDiagram(workflow) : null), [workflow]);
  const rules = useRuleDescriptions();
  if (!workflow || !diagram) return null;
  const labels = new Map(workflow.states.map((s) => [s.id, m.text(s.label)]));
  const labelOf = (id: string) => labels.get(id) ?? id;
  return (
    <section className="workflow-diagram" aria-labelledby="workflow-diagram-heading">
      <h3 id="workflow-diagram-heading">{m.text('metadataScreens.workflowDiagram')}</h3>
      <p className="usa-hint">{m.text('metadataScreens.workflowDiagramHint')}</p>
      {diagram.creates.length > 0 && (
        <>
          <h4>{m.text('metadataScreens.workflowCreates')}</h4>
          <ul className="workflow-diagram__steps">
            {diagram.creates.map((step) => <Step key={step.id} step={step} m={m} labelOf={labelOf} rules={rules} />)}
          </ul>
        </>
      )}
      <h4>{m.text('metadataScreens.workflowStates')}</h4>
      <ol className="workflow-diagram__states">
        {diagram.states.map((state) => (
          <li key={state.id} id={stateAnchor(state.id)} className="workflow-diagram__state" tabIndex={-1}>
            <h5 className="workflow-diagram__state-name">
              {labelOf(state.id)} <span className="metadata-admin__code">({state.id})</span>
            </h5>
            <p className="metadata-admin__tags">
              {state.initial && <span className="usa-tag">{m.text('metadataScreens.workflowStart')}</span>}
              {state.final && <span className="usa-tag">{m.text('metadataScreens.workflowFinal')}</span>}
              <span>{state.value === null ? m.text('metadataScreens.workflowStoredEmpty') : m.text('metadataScreens.workflowStored', { value: state.value })}</span>
            </p>
            {state.steps.length === 0
              ? <p>{m.text('metadataScreens.workflowNoSteps')}</p>
              : <ul className="workflow-diagram__steps">{state.steps.map((step) => <Step key={step.id} step={step} m={m} labelOf={labelOf} rules={rules} />)}</ul>}
          </li>
        ))}
      </ol>
    </section>
  );
}
