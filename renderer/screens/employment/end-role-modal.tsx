import { organizationRoles, type OrganizationRoles } from '../../../engine/access/role-duties.js';
import { useMetadata } from '../../app/metadata.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { endRole } from './employment-api.js';
import { EndDateWindow } from './end-date-window.js';

/** What ends: the role of a duty at the organization (roles.json), or the employment itself. */
export type Ending = keyof OrganizationRoles | 'employment';

/**
 * End Staff Role, End Director Role and End Employment (spec part 1 sections 4 and 5): an end date
 * is required ('Please select a employment end date.'); the role becomes inactive with that date.
 */
export function EndRoleModal({ row, ending, onClose }: { row: GridRow; ending: Ending; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const organization = String(row.employerName ?? '');
  // the texts and the call name the role by its code
  const what = ending === 'employment' ? ending : organizationRoles(m.roleById)[ending];
  return (
    <EndDateWindow title={m.text(`endRole.title.${what}`)} intro={m.text(`endRole.intro.${what}`, { organization })}
      dateLabel={m.text('endRole.dateLabel')} submitLabel={m.text('endRole.submit')} initialDate=""
      startDate={typeof row.startDate === 'string' ? row.startDate : null}
      end={(date) => endRole(row.id, what, date)} done={m.text(`endRole.done.${what}`, { organization })} onClose={onClose} />
  );
}
