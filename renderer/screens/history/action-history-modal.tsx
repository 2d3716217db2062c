import { api } from '../../app/api-client.js';
import { useServerRead } from '../../app/use-server-read.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { Modal } from '../../components/modal.js';
import { AccordionSection } from '../../records/accordion-section.js';
import type { RoleHistoryEntry } from '../employment/employment-api.js';
import { RoleHistoryTable } from '../employment/role-history-table.js';

interface ScopeHistory { scope: string; organizationId: number; current: boolean; history: Omit<RoleHistoryEntry, 'parentActionId'>[] }

/**
 * Action History Details (spec part 3 section 2): the person's role actions in accordion entries
 * by scope (organization); the scope of the chosen action is open.
 */
export function ActionHistoryDetailsAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const name = String(row.primaryEntityName ?? '');
  const path = `/userorganizationroles/actionhistory?rolePromotionId=${row.id}&primaryEntityId=${Number(row.primaryEntityId)}`;
  const { data: scopes, error } = useServerRead(['action-history', path], (signal) => api<ScopeHistory[]>('GET', path, undefined, { signal }), m.text('requestHistory.loadFailed'));
  return (
    <Modal title={m.text('actionHistory.title', { name })} open large busy={!scopes && !error} onClose={() => onClose(false)} showBottomClose>
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {scopes && scopes.length === 0 && <p>{m.text('actionHistory.empty')}</p>}
      {scopes && scopes.length > 0 && (
        <div className="usa-accordion usa-accordion--bordered usa-accordion--multiselectable" data-allow-multiple>
          {scopes.map((s) => (
            <AccordionSection key={s.organizationId} title={s.scope} level={3} defaultOpen={s.current}>
              <RoleHistoryTable entries={s.history} caption={s.scope} />
            </AccordionSection>
          ))}
        </div>
      )}
    </Modal>
  );
}
