import { useAtomValue } from 'jotai';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';

/**
 * The signed-in person's active role (its label from the role metadata). The header shows it beside
 * the user menu on wide screens and beside the Menu button on phones (className picks which).
 */
export function ActiveRole({ className }: { className: string }) {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  if (!session) return null;
  const role = m.roles.find((r) => r.id === session.activeRole)?.label ?? session.activeRole;
  return <p className={`registry-active-role ${className}`}>{m.text('layout.activeRole', { role })}</p>;
}
