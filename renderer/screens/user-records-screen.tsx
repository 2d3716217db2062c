import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';
import { UserRecordsView } from '../records/user-records-view.js';

/**
 * Route user-records (/dashboard/user-records/:userId?): the User Records view of a person on a
 * page of its own, for links (a director reaching a staff member's records); without an id, the
 * signed-in person's own records. The server decides what the caller may see.
 */
export function UserRecordsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const params = useParams();
  const userId = params.userId && /^[1-9][0-9]{0,8}$/.test(params.userId) ? Number(params.userId) : (session?.userId ?? 0);
  return (
    <div>
      <h1>{route.displayName ?? m.text('userRecords.title')}</h1>
      <UserRecordsView key={userId} userId={userId} level={2} />
    </div>
  );
}
