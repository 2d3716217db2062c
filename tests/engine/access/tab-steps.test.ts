import { describe, expect, it } from 'vitest';
import { continueTarget, stepAfterContinue, visibleTabs, type FirstProfileStep } from '../../../engine/access/tab-steps.js';

const TABS = [
  { id: 'personal' }, { id: 'employment' }, { id: 'education' },
  { id: 'membership', continueTo: 'dashboard-main' }, { id: 'settings', continueTo: '' },
];

describe('profile tabs during the first profile (spec part 1 section 4)', () => {
  it.each<[FirstProfileStep, string[]]>([
    ['first-time', ['personal']],
    ['welcome', ['personal', 'employment']],
    ['next-step', ['personal', 'employment']],
    [null, ['personal', 'employment', 'education', 'membership', 'settings']],
  ])('step %s shows %j', (step, ids) => {
    expect(visibleTabs(TABS, step).map((t) => t.id)).toEqual(ids);
  });

  it.each([
    ['personal', { kind: 'tab', routeId: 'employment' }],
    ['education', { kind: 'tab', routeId: 'membership' }],
    ['membership', { kind: 'route', routeId: 'dashboard-main' }],
    ['settings', null],
    ['unknown', null],
  ])('Continue from %s goes to %j', (id, target) => {
    expect(continueTarget(TABS, id)).toEqual(target);
  });

  it('has no Continue after the last tab', () => {
    expect(continueTarget([{ id: 'a' }, { id: 'b' }], 'b')).toBeNull();
  });

  it.each<[string, FirstProfileStep, FirstProfileStep]>([
    ['employment', 'next-step', null],
    ['employment', 'welcome', null],
    ['personal', 'next-step', 'next-step'],
    ['education', null, null],
    ['personal', 'first-time', 'first-time'],
  ])('continuing from %s at step %s leaves step %s', (id, step, after) => {
    expect(stepAfterContinue(TABS, id, step)).toBe(after);
  });
});
