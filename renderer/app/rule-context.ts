import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { todayIn } from '../../engine/rules/today.js';
import { useMetadata } from './metadata.js';
import { ruleUserAtom } from './session.js';

/** The rule context of the signed-in person: the same data the server evaluates rules with. */
export function useRuleContext(): RuleContext {
  const user = useAtomValue(ruleUserAtom);
  const m = useMetadata();
  return useMemo(() => ({ user, tenant: m.tenant.code, today: todayIn(m.tenant.timeZone) }), [user, m]);
}
