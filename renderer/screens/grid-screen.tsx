import { useState } from 'react';
import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { DataGrid, type GridRow } from '../components/data-grid/data-grid.js';
import { FormModal } from '../form/form-modal.js';

interface OpenForm { mode: 'add' | 'view' | 'edit'; row: GridRow | null }

/** A route whose screen is a grid: the data grid and its record form. */
export function GridScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const gridId = route.screen?.kind === 'grid' ? route.screen.gridId : '';
  const grid = m.grid(gridId);
  const [open, setOpen] = useState<OpenForm | null>(null);
  const [reloadToken, setReloadToken] = useState(0);
  if (!grid) return <p>This screen is not available.</p>;
  const entity = m.entity(grid.entityTypeId);
  const title = route.displayName ?? entity?.displayName ?? grid.id;
  return (
    <section aria-labelledby={`${grid.id}-heading`}>
      <h2 id={`${grid.id}-heading`}>{title}</h2>
      <DataGrid gridId={grid.id} caption={`${title} records`} reloadToken={reloadToken} onOpenForm={(mode, row) => setOpen({ mode, row })} />
      {open && (
        <FormModal formId={grid.formId} mode={open.mode} entityId={open.row?.id} onClose={() => { setOpen(null); setReloadToken((n) => n + 1); }} />
      )}
    </section>
  );
}
