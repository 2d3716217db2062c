import { useAtomValue } from 'jotai';
import { createContext, useContext, useMemo } from 'react';
import type { RuleContext, RuleUser } from '../../engine/rules/rule-context.js';
import { todayIn } from '../../engine/rules/today.js';
import { effectiveRole } from '../../engine/access/role-duties.js';
import { useMetadata } from './metadata.js';
import { ruleUserAtom } from './session.js';

/** A rule user that stands in for the signed-in person inside it (the metadata preview as a role). */
export const RuleUserOverrideContext = createContext<RuleUser | null>(null);

/** The rule context of the signed-in person (or of the override): the same data the server evaluates rules with. */
export function useRuleContext(): RuleContext {
  const signedIn = useAtomValue(ruleUserAtom);
  const user = useContext(RuleUserOverrideContext) ?? signedIn;
  const m = useMetadata();
  return useMemo(() => ({ user, roles: m.roleById, tenant: m.tenant.code, today: todayIn(m.tenant.timeZone) }), [user, m]);
}

/** The role the signed-in person acts in: the active role, else the default role (signed out, none chosen). */
export function useActiveRole(): string {
  return effectiveRole(useRuleContext());
}
