import type { Workflow, WorkflowTransition } from '../metadata/workflow-schema.js';

/** Who a transition's `allowed` rule names: roles, claims, named rules and record types' rules. */
export interface StepActors {
  roles: string[];
  claims: string[];
  rules: string[];
  entityRules: string[];
  /** no `allowed` rule: no caller may take the step (only the server, through the spec's calls or effects) */
  nobody: boolean;
}

/** One transition as the diagram draws it: an arrow from a state (or from nothing: it creates its record). */
export interface DiagramStep {
  id: string;
  label: string;
  to: string;
  alsoTo: string[];
  who: StepActors;
  comment: 'required' | 'optional' | 'none';
  /** over the chosen rows of a grid too */
  bulk: boolean;
  /** a button of its own (false: taken by the spec's calls or by effects) */
  offered: boolean;
  /** the guards' messages (catalogue keys): when the step is refused although allowed */
  guards: string[];
}

export interface DiagramState {
  id: string;
  label: string;
  initial: boolean;
  final: boolean;
  /** what the state field holds (null: empty) */
  value: string | null;
  steps: DiagramStep[];
}

/** A workflow as a diagram: the transitions that create a record, then each state with the steps that leave it. */
export interface WorkflowDiagram {
  creates: DiagramStep[];
  states: DiagramState[];
}

const OPERATORS: Readonly<Record<string, keyof Omit<StepActors, 'nobody'>>> = {
  activeRole: 'roles', hasRole: 'roles', hasClaim: 'claims', rule: 'rules', entityRule: 'entityRules',
};

/** Collects what a rule names, walking json-logic (arguments of the operators above that are plain strings). */
function actorsOf(rule: unknown): StepActors {
  const out: StepActors = { roles: [], claims: [], rules: [], entityRules: [], nobody: rule === undefined };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) { node.forEach(walk); return; }
    if (node === null || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node)) {
      const list = OPERATORS[op];
      const values = (Array.isArray(args) ? args : [args]).flat();
      if (list) for (const v of values) if (typeof v === 'string' && !out[list].includes(v)) out[list].push(v);
      walk(args);
    }
  };
  walk(rule);
  return out;
}

function stepOf(t: WorkflowTransition): DiagramStep {
  return {
    id: t.id, label: t.label, to: t.to, alsoTo: [...(t.alsoTo ?? [])], who: actorsOf(t.allowed),
    comment: t.comment ?? 'none', bulk: t.bulk !== undefined, offered: t.offered !== false && t.creates === undefined,
    guards: (t.guards ?? []).map((g) => g.message),
  };
}

/** The diagram of a workflow (read-only, for the administration screens): pure, from the document alone. */
export function workflowDiagram(w: Workflow): WorkflowDiagram {
  return {
    creates: w.transitions.filter((t) => t.creates !== undefined).map(stepOf),
    states: w.states.filter((s) => s.untracked !== true).map((s) => ({
      id: s.id, label: s.label, initial: s.initial === true, final: s.final === true, value: s.value === undefined ? s.id : s.value,
      steps: w.transitions.filter((t) => (t.from ?? []).includes(s.id)).map(stepOf),
    })),
  };
}
