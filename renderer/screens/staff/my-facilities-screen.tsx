import { useState } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { DataGrid, type GridRow } from '../../components/data-grid/data-grid.js';
import { Modal } from '../../components/modal.js';
import { ScreenHeading } from '../screen-heading.js';
import { StaffManagement, useProviderSummary } from './staff-management.js';

const GRID = 'organizations';
const ACTIONS = new Set(['view-facility', 'facility-provider-summary']);

/**
 * My Facilities (route organizations, role 350; spec part 3 section 2): the organizations (entity 2,
 * form 13) with View Facility (when staffCount > 0: 'Users in facility', the Staff Management of
 * that organization as the licensing roles see it) and Provider Summary Report.
 */
export function MyFacilitiesScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const providerSummary = useProviderSummary();
  const [viewing, setViewing] = useState<GridRow | null>(null);
  const title = route.displayName ?? m.text('facilities.title');
  const run = (actionId: string, row: GridRow) => {
    if (actionId === 'view-facility') setViewing(row);
    else providerSummary(row.id, String(row.organizationName ?? ''));
  };
  return (
    <div>
      <ScreenHeading id="organizations-heading">{title}</ScreenHeading>
      <p>{m.text('facilities.intro')}</p>
      <DataGrid gridId={GRID} caption={title} onOpenForm={() => undefined} offeredActions={ACTIONS} onRowAction={run} />
      {viewing && (
        <Modal title={m.text('staff.usersInFacility')} open large showBottomClose onClose={() => setViewing(null)}>
          <p className="text-bold margin-top-0">{String(viewing.organizationName ?? '')}</p>
          <StaffManagement organizationId={viewing.id} />
        </Modal>
      )}
    </div>
  );
}
