import { useState, type ComponentType } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { DataGrid, type GridRow } from '../../components/data-grid/data-grid.js';
import { useReloadGrids } from '../../components/data-grid/use-grid-data.js';
import { ScreenHeading } from '../screen-heading.js';
import { HistoryDetailModal } from './history-detail-modal.js';
import { ReviewModal } from './review-modal.js';

type RowModal = ComponentType<{ row: Record<string, unknown>; onClose: (changed: boolean) => void }>;

/** A verification grid whose View opens the screen's own modal; the grid reloads after it closes. */
function VerificationGridScreen({ route, gridId, Modal }: { route: Route; gridId: string; Modal: RowModal }) {
  const [open, setOpen] = useState<GridRow | null>(null);
  const entityTypeId = useMetadata().grid(gridId)?.entityTypeId;
  const reloadGrids = useReloadGrids();
  const title = route.displayName ?? route.id;
  return (
    <div>
      <ScreenHeading id={`${gridId}-heading`}>{title}</ScreenHeading>
      <DataGrid gridId={gridId} caption={title} onOpenForm={(_mode, row) => setOpen(row)} />
      {/* the grid reads its rows again after the modal: a step taken, or a record viewed (which enables its steps) */}
      {open && <Modal row={open} onClose={() => { setOpen(null); if (entityTypeId !== undefined) reloadGrids(entityTypeId); }} />}
    </div>
  );
}

/** Verification Requests (route verification-requests, roles 200 and 350): the requests the reviewer may decide. */
export function VerificationRequestsScreen({ route }: { route: Route }) {
  return <VerificationGridScreen route={route} gridId="verification-requests" Modal={ReviewModal} />;
}

/** Verification History (route verification-history, roles 200, 350 and 375) with its History / Record modal. */
export function VerificationHistoryScreen({ route }: { route: Route }) {
  return <VerificationGridScreen route={route} gridId="verification-history" Modal={HistoryDetailModal} />;
}
