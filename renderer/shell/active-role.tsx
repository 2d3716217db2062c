import { useAtomValue } from 'jotai';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';

/** The signed-in person's active role (its label from the role metadata), shown in the header on every width. */
export function ActiveRole() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  if (!session) return null;
  const role = m.roles.find((r) => r.id === session.activeRole)?.label ?? session.activeRole;
  return <p className="registry-active-role">{m.text('layout.activeRole', { role })}</p>;
}
