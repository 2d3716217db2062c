import { useServerRead } from '../../app/use-server-read.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { Modal } from '../../components/modal.js';
import { AccordionSection } from '../../records/accordion-section.js';
import { loadEmploymentRoles } from '../employment/employment-api.js';
import { RoleHistoryTable } from '../employment/role-history-table.js';
import { RecordView } from '../verification/record-view.js';

const EMPLOYMENT_FORM = 6;

/**
 * View Request Action History (Request History, spec part 3 section 2): the employment record's
 * request history and, collapsed, the Employment Record (form 6, read-only) when the server says
 * request details may show it (part 3 section 6).
 */
export function RequestActionHistoryAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const name = String(row.primaryEntityName ?? '');
  const { data: loaded, error } = useServerRead(['employment-roles', row.id], (signal) => loadEmploymentRoles(row.id, signal), m.text('requestHistory.loadFailed'));
  return (
    <Modal title={m.text('requestHistory.title', { name })} open large busy={!loaded && !error} onClose={() => onClose(false)} showBottomClose>
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {loaded && (
        <>
          <h3>{m.text('roles.historyHeading')}</h3>
          <RoleHistoryTable entries={loaded.requests} />
          {loaded.showEmploymentRecord && (
            <div className="usa-accordion usa-accordion--bordered">
              <AccordionSection title={m.text('requestHistory.employmentRecord')} level={3}>
                <RecordView formId={EMPLOYMENT_FORM} entityId={row.id} ownerId={Number(row.userId)} />
              </AccordionSection>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
