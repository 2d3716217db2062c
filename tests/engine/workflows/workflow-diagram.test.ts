import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import { workflowDiagram } from '../../../engine/workflows/workflow-diagram.js';

const workflow = (name: string) => JSON.parse(readFileSync(`metadata/workflows/${name}.json`, 'utf8')) as Workflow;

describe('a workflow drawn for the administration screens', () => {
  it('role requests: the creating step first, then each tracked state with the steps that leave it', () => {
    const d = workflowDiagram(workflow('role-request'));
    expect(d.creates.map((s) => [s.id, s.to, s.who.rules])).toEqual([['request', 'requested', ['requestsOwnEmployment']]]);
    // the history lines kept in the same table are no state of the workflow
    expect(d.states.map((s) => s.id)).toEqual(['requested', 'granted', 'rejected', 'withdrawn']);
    const requested = d.states[0]!;
    expect(requested.initial).toBe(true);
    expect(requested.steps.map((s) => [s.id, s.to, s.offered, s.bulk])).toEqual([
      ['approve', 'granted', true, true], ['grant', 'granted', false, false], ['reject', 'rejected', true, true], ['withdraw', 'withdrawn', false, false],
    ]);
    expect(d.states.find((s) => s.id === 'granted')!.steps).toEqual([]);
  });

  it('verification: the empty state is stored as empty; guards and comment rules are shown per step', () => {
    const d = workflowDiagram(workflow('verification'));
    expect(d.states.find((s) => s.id === 'none')!.value).toBeNull();
    const verify = d.states.find((s) => s.id === 'requested')!.steps.find((s) => s.id === 'verify')!;
    expect(verify.comment).toBe('optional');
    expect(verify.guards).toContain('verification.viewFirst');
    expect(verify.who.entityRules).toEqual(['verification.review']);
    const decline = d.states.find((s) => s.id === 'requested')!.steps.find((s) => s.id === 'decline')!;
    expect(decline.comment).toBe('required');
  });

  it('roles and claims named by the rule are listed; a step with no rule is taken by no caller', () => {
    const base = workflow('trainer-report');
    const d = workflowDiagram({
      ...base,
      transitions: base.transitions.map((t, i) => (i === 0 ? { ...t, allowed: { or: [{ activeRole: ['400', '500'] }, { hasClaim: 'User.write.all' }] } } : { ...t, allowed: undefined })),
    });
    const steps = d.states.flatMap((s) => s.steps);
    const first = steps.find((s) => s.id === base.transitions[0]!.id)!;
    expect(first.who).toMatchObject({ roles: ['400', '500'], claims: ['User.write.all'], nobody: false });
    expect(steps.filter((s) => s.id !== first.id).every((s) => s.who.nobody)).toBe(true);
  });
});
