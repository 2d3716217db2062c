import { formatDateTime } from '../../../engine/text/format.js';
import { useMetadata } from '../../app/metadata.js';
import type { RoleHistoryEntry } from './employment-api.js';

const COLUMNS = ['user', 'time', 'action', 'role', 'comments'] as const;

type Entry = Pick<RoleHistoryEntry, 'rolePromotionActionId' | 'roleRequested' | 'actionType' | 'comments' | 'lastChangeDateTime' | 'userLastUpdated'>;

/**
 * A request history (spec part 3 "Request history entry"): acting user, time, action type (1-10 by
 * the spec's names), role and comments; stacked on narrow screens. Organizational Roles, Request
 * History and Action History show it.
 */
export function RoleHistoryTable({ entries, caption }: { entries: readonly Entry[]; caption?: string }) {
  const m = useMetadata();
  const zone = m.tenant.timeZone;
  if (entries.length === 0) return <p>{m.text('roles.noHistory')}</p>;
  const label = (c: (typeof COLUMNS)[number]) => m.text(`roles.column.${c}`);
  return (
    <table className="usa-table usa-table--borderless usa-table--compact usa-table--stacked width-full registry-roles__history">
      <caption className="usa-sr-only">{caption ?? m.text('roles.historyHeading')}</caption>
      <thead>
        <tr>{COLUMNS.map((c) => <th key={c} scope="col">{label(c)}</th>)}</tr>
      </thead>
      <tbody>
        {entries.map((h) => (
          <tr key={h.rolePromotionActionId}>
            <td data-label={label('user')}>{h.userLastUpdated.name}</td>
            <td data-label={label('time')}>{formatDateTime(h.lastChangeDateTime, zone)}</td>
            <td data-label={label('action')}>{m.text(`roleAction.${h.actionType}`)}</td>
            <td data-label={label('role')}>{m.text(`role.label.${h.roleRequested.roleName}`)}</td>
            <td data-label={label('comments')} className="registry-pre-line">{h.comments ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
