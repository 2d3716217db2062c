import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fullPath } from '../../../engine/access/menu-rules.js';
import { useMetadata } from '../../app/metadata.js';
import { useServerRead } from '../../app/use-server-read.js';
import type { PanelProps } from '../../components/composition/composition-types.js';
import { useRowActionModals } from '../../components/composition/use-row-action-modals.js';
import { DataGrid } from '../../components/data-grid/data-grid.js';
import { useReloadGrids } from '../../components/data-grid/use-grid-data.js';
import { FormModal } from '../../form/form-modal.js';
import { QrisReportModal } from '../agency-report/qris-report-modal.js';
import { ProgramDetailsModal } from './staff-actions.js';
import { loadStaffScreen } from './staff-api.js';
import './staff.css';

const GRID = 'organization-users';
type Open = 'program' | 'qris' | 'referral' | null;

/** Opens the Provider Summary Report (route dashboard-psr) with organizationId and organizationName. */
export function useProviderSummary(): (organizationId: number, organizationName: string) => void {
  const m = useMetadata();
  const navigate = useNavigate();
  return useCallback((organizationId, organizationName) => {
    const q = new URLSearchParams({ organizationId: String(organizationId), organizationName });
    void navigate(`${fullPath(m.routes, 'dashboard-psr')}?${q.toString()}`);
  }, [m.routes, navigate]);
}

/**
 * Staff Management of one organization (spec part 3 sections 2 and 6): the organization buttons
 * (Program Details, Provider Summary Report, the QRIS agency report, Refer Staff) and the grid of
 * the people holding the staff role there. What shows follows the server's answer: canView is
 * false for the licensing roles (350, 375), who keep the grid and Verify User Records only.
 */
export function StaffManagement({ organizationId }: { organizationId: number }) {
  const m = useMetadata();
  const providerSummary = useProviderSummary();
  const { data: info, error: failure } = useServerRead(['staff-screen', organizationId], (signal) => loadStaffScreen(organizationId, signal), m.text('error.title'));
  const [open, setOpen] = useState<Open>(null);
  const reloadGrids = useReloadGrids();
  const grid = m.grid(GRID);
  const reload = useCallback(() => { if (grid) reloadGrids(grid.entityTypeId); }, [grid, reloadGrids]);
  const rowModals = useRowActionModals(grid, reload);

  if (failure) return <div className="usa-alert usa-alert--error usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{failure}</p></div></div>;
  if (!info) return <p role="status">{m.text('grid.loading')}</p>;
  const name = info.organizationName;
  return (
    <div className="registry-staff">
      {info.canView && (
        <ul className="usa-button-group registry-staff__buttons">
          {info.mayProgramDetails && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => setOpen('program')}>{m.text('staff.programDetails')}</button></li>}
          <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => providerSummary(info.organizationId, name)}>{m.text('staff.providerSummary')}</button></li>
          {info.mayAgencyReport && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={() => setOpen('qris')}>{m.text('staff.agencyReport')}</button></li>}
          {info.mayRefer && <li className="usa-button-group__item"><button type="button" className="usa-button" onClick={() => setOpen('referral')}>{m.text('staff.referStaff')}</button></li>}
        </ul>
      )}
      <DataGrid gridId={GRID} primaryEntity={{ Id: info.organizationId }} caption={m.text('staff.gridCaption', { organization: name })}
        onOpenForm={() => undefined} offeredActions={rowModals.offered ?? undefined} onRowAction={rowModals.onRowAction} />
      {rowModals.modal}
      {open === 'program' && <ProgramDetailsModal organizationId={info.organizationId} onClose={() => setOpen(null)} />}
      {open === 'qris' && <QrisReportModal organizationId={info.organizationId} organizationName={name} onClose={() => setOpen(null)} />}
      {open === 'referral' && (
        <FormModal formId={16} mode="add" primaryEntity={{ Id: info.organizationId }} savedToast={{ title: m.text('staff.referStaff'), message: m.text('staff.referralSent') }}
          onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

/** The panel of Staff Management (route organization-users, role 200): the chosen organization's staff. */
export function StaffPanel({ chosen }: PanelProps) {
  return <StaffManagement key={chosen.id} organizationId={chosen.id} />;
}
