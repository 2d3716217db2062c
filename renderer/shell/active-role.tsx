import { useAtomValue } from 'jotai';
import { useMetadata } from '../app/metadata.js';
import { useActiveRole } from '../app/rule-context.js';
import { sessionAtom } from '../app/session.js';

/**
 * The signed-in person's active role (its label from the role metadata). The header shows it beside
 * the user menu on wide screens and beside the Menu button on phones (className picks which).
 */
export function ActiveRole({ className }: { className: string }) {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const active = useActiveRole();
  if (!session) return null;
  const role = m.roleById.get(active)?.label ?? active;
  return <p className={`registry-active-role ${className}`}>{m.text('layout.activeRole', { role })}</p>;
}
