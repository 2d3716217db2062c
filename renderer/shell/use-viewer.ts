import { useAtomValue } from 'jotai';
import type { Viewer } from '../../engine/access/menu-rules.js';
import { useRuleContext } from '../app/rule-context.js';
import { sessionAtom } from '../app/session.js';

/** The person looking at the screen, as the menu rules and the route guard see them. */
export function useViewer(): Viewer {
  const session = useAtomValue(sessionAtom);
  const context = useRuleContext();
  return { signedIn: session !== null, context };
}
