import { useMetadata } from '../../app/metadata.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { endRole } from './employment-api.js';
import { EndDateWindow } from './end-date-window.js';

export type Ending = string | 'employment';

/**
 * End Staff Role, End Director Role and End Employment (spec part 1 sections 4 and 5): an end date
 * is required ('Please select a employment end date.'); the role becomes inactive with that date.
 */
export function EndRoleModal({ row, ending, onClose }: { row: GridRow; ending: Ending; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const organization = String(row.employerName ?? '');
  return (
    <EndDateWindow title={m.text(`endRole.title.${ending}`)} intro={m.text(`endRole.intro.${ending}`, { organization })}
      dateLabel={m.text('endRole.dateLabel')} submitLabel={m.text('endRole.submit')} initialDate=""
      startDate={typeof row.startDate === 'string' ? row.startDate : null}
      end={(date) => endRole(row.id, ending, date)} done={m.text(`endRole.done.${ending}`, { organization })} onClose={onClose} />
  );
}
