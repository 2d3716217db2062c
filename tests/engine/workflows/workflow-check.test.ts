import { describe, expect, it } from 'vitest';
import { compileMetadata } from '../../../engine/metadata/compile.js';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import { overlay } from '../../../engine/metadata/overlay.js';
import { unreachableStates } from '../../../engine/metadata/check-workflows.js';
import { fixtureFiles, fixtureWorkflow, WORKFLOW_PATH } from './workflow-fixture-files.js';

/** The workflow kind: validation and the checks of metadata:check, each with its JSON pointer. */
const compileWithWorkflow = (data: unknown, extra: MetadataFile[] = []) =>
  compileMetadata([...fixtureFiles().map((f) => (f.path === WORKFLOW_PATH ? { ...f, data } : f)), ...extra], 'tn');
const changed = (change: (wf: ReturnType<typeof fixtureWorkflow>) => void) => {
  const wf = fixtureWorkflow();
  change(wf);
  return wf;
};

describe('workflow metadata', () => {
  it('compiles the fixture into the registry', () => {
    const { registry, problems } = compileMetadata(fixtureFiles(), 'tn');
    expect(problems).toEqual([]);
    expect(registry!.workflows.get('trainer-application')?.entityTypeIds).toEqual([950]);
  });

  it.each([
    ['a transition from an unknown state', (w) => { w.transitions[0]!.from = ['draft', 'archived']; }, '/transitions/0/from/1', "unknown state 'archived'"],
    ['a transition to an unknown state', (w) => { w.transitions[1]!.to = 'done'; }, '/transitions/1/to', "unknown state 'done'"],
    ['an unreachable state', (w) => { w.transitions[2]!.from = ['returned']; }, '/states/2', "state 'returned' cannot be reached from the initial state"],
    ['a final state left by a transition', (w) => { w.transitions[3]!.from = ['approved', 'revoked']; }, '/states/4', "final state 'revoked' is left by a transition"],
    ['a dead end', (w) => { w.states.push({ id: 'parked', label: 'trainerApplication.state.draft' }); w.transitions[0]!.to = 'parked'; }, '/states/5', "state 'parked' is neither final nor left by any transition"],
    ['two initial states', (w) => { w.states[1]!.initial = true; }, '/states', 'a workflow needs exactly one initial state; it has 2'],
    ['an unknown effect', (w) => { w.transitions[0]!.effects = [{ name: 'postToSlack' }]; }, '/transitions/0/effects/0/name', "unknown effect 'postToSlack'; effects are publishEvent, grantRole, removeRole, lockRecord, unlockRecord, setFields, storeText, postRecord, verificationCase, enrollmentReview, notify"],
    ['an effect missing a parameter', (w) => { w.transitions[0]!.effects = [{ name: 'publishEvent', params: {} }]; }, '/transitions/0/effects/0/params', "missing required property 'event'"],
    ['an effect naming a missing field', (w) => { w.transitions[0]!.effects = [{ name: 'lockRecord', params: { field: 'frozen' } }]; }, '/transitions/0/effects/0/params/field', "effect 'lockRecord' names field 'frozen', which entity 950 (TrainerApplication) lacks"],
    ['a lock on a field that is not boolean', (w) => { w.transitions[0]!.effects = [{ name: 'lockRecord', params: { field: 'topic' } }]; }, '/transitions/0/effects/0/params/field', "effect 'lockRecord' needs a boolean field; 'topic' is string"],
    ['a missing entity', (w) => { w.entityTypeIds = [950, 9999]; }, '/entityTypeIds/1', 'workflow names missing entity 9999'],
    ['a state field the entity lacks', (w) => { w.stateField = 'stage'; }, '/stateField', "state field 'stage' is not a field of entity 950 (TrainerApplication)"],
    ['a state field a form may write', (w) => { w.stateField = 'topic'; }, '/stateField', "state field 'topic' of entity 950 (TrainerApplication) must be a system string field (set by the server, never from a form)"],
    ['a missing text', (w) => { w.transitions[1]!.label = 'no.such.text'; }, '/transitions/1/label', "text key 'no.such.text' is missing from the catalogue"],
    ['a missing message text', (w) => { w.messages = { wrongState: 'no.such.text' }; }, '/messages/wrongState', "text key 'no.such.text' is missing from the catalogue"],
    ['a rule over a missing field', (w) => { w.transitions[0]!.allowed = { '==': [{ var: 'row.applicantId' }, { var: 'user.id' }] }; }, '/transitions/0/allowed', 'rule reads row.applicantId, a field entity 950 (TrainerApplication) lacks'],
    ['a rule with an unknown operator', (w) => { w.transitions[0]!.allowed = { isManagerOf: [{ var: 'row.userId' }] }; }, '/transitions/0/allowed', "rule uses unknown operator 'isManagerOf'"],
    ['a guard over a missing field', (w) => { w.transitions[0]!.guards = [{ refuseWhen: { isEmpty: [{ var: 'row.cv' }] }, message: 'trainerApplication.experienceFirst' }]; }, '/transitions/0/guards/0/refuseWhen', 'rule reads row.cv, a field entity 950 (TrainerApplication) lacks'],
    ['a guard with a missing text', (w) => { w.transitions[0]!.guards![0]!.message = 'no.such.text'; }, '/transitions/0/guards/0/message', "text key 'no.such.text' is missing from the catalogue"],
    ['a transition no one may fire', (w) => { delete w.transitions[0]!.allowed; }, '/transitions/0/allowed', "transition 'submit' has no allowed rule: no one could fire it"],
    ['a duplicate transition', (w) => { w.transitions[2]!.id = 'approve'; }, '/transitions/2/id', "duplicate transition 'approve'"],
  ] as Array<[string, (w: ReturnType<typeof fixtureWorkflow>) => void, string, string]>)('reports %s', (_name, change, pointer, message) => {
    const { registry, problems } = compileWithWorkflow(changed(change));
    expect(registry).toBeNull();
    expect(problems).toContainEqual({ file: WORKFLOW_PATH, pointer, message });
  });

  it('reports a schema problem with its pointer', () => {
    const { problems } = compileWithWorkflow(changed((w) => { (w.transitions[0] as { comment: unknown }).comment = 'yes'; }));
    expect(problems.map((p) => [p.file, p.pointer])).toContainEqual([WORKFLOW_PATH, '/transitions/0/comment']);
  });

  it('reports a second workflow on the same record type', () => {
    const second: MetadataFile = { path: 'metadata/workflows/second.json', kind: 'workflow', layer: 'base', data: { ...fixtureWorkflow(), id: 'second' } };
    const { problems } = compileWithWorkflow(fixtureWorkflow(), [second]);
    // files are read in path order: the later one is reported
    expect(problems).toContainEqual({ file: WORKFLOW_PATH, pointer: '/entityTypeIds/0', message: "entity 950 already runs workflow 'second'; a record type runs one workflow" });
  });

  it('lets a tenant overlay a workflow: a transition removed, a rule changed', () => {
    const tenant: MetadataFile = { path: 'tenants/tn/workflows/trainer-application.json', kind: 'workflow', layer: 'tenant', data: {
      id: 'trainer-application', transitions: [{ id: 'approve', allowed: { activeRole: ['500'] } }],
    } };
    const { registry, problems } = compileWithWorkflow(fixtureWorkflow(), [tenant]);
    expect(problems).toEqual([]);
    expect(registry!.workflows.get('trainer-application')!.transitions.find((t) => t.id === 'approve')!.allowed).toEqual(overlay(fixtureWorkflow().transitions[1]!.allowed, { activeRole: ['500'] }));
  });

  it('finds unreachable states', () => {
    expect(unreachableStates(fixtureWorkflow())).toEqual([]);
    expect(unreachableStates(changed((w) => { w.transitions = w.transitions.filter((t) => t.id !== 'return'); }))).toEqual(['returned']);
  });
});
