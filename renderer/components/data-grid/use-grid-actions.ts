import { useState, type RefObject } from 'react';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import { api, apiFile, saveFile } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../dialogs.js';
import { useToasts } from '../toasts.js';
import type { ExportType } from './grid-toolbar.js';
import type { DataGridProps, GridRow } from './grid-types.js';
import type { StandardAction } from './row-actions.js';
import type { GridData } from './use-grid-data.js';

interface GridActionsInput {
  grid: Grid;
  primaryEntity: DataGridProps['primaryEntity'];
  data: GridData;
  /** the table region: focus goes back to it when the row acted on goes away */
  regionRef: RefObject<HTMLDivElement | null>;
  onOpenForm: DataGridProps['onOpenForm'];
}

export interface GridActions {
  busy: boolean;
  exporting: ExportType | null;
  standard: (action: StandardAction, row: GridRow) => Promise<void>;
  download: (type: ExportType) => Promise<void>;
}

/**
 * View and Edit open the form; Delete and Disable ask first (title Warning), Enable does not; then
 * the grid reloads. Delete failures are shown; disable/enable and CSV/PDF failures show nothing
 * (spec part 2 section 8).
 */
export function useGridActions({ grid, primaryEntity, data, regionRef, onOpenForm }: GridActionsInput): GridActions {
  const m = useMetadata();
  const dialogs = useDialogs();
  const { showError } = useToasts();
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<ExportType | null>(null);
  const primaryEntityId = primaryEntity?.Id ?? null;

  const run = async (call: () => Promise<unknown>, showFailure: boolean) => {
    setBusy(true);
    try {
      await call();
    } catch (e) {
      if (showFailure) showError(e);
    } finally {
      setBusy(false);
      data.reload();
      regionRef.current?.focus();
    }
  };

  const standard = async (action: StandardAction, row: GridRow) => {
    if (action === 'view' || action === 'edit') return onOpenForm(action, row);
    const warning = m.text('warning.title');
    if (action === 'delete') {
      if (!(await dialogs.confirm({ title: warning, message: m.text('grid.confirmDelete') }))) return;
      return run(() => api('POST', '/grid/delete', { entityTypeId: grid.entityTypeId, entityId: row.id, primaryEntityId }), true);
    }
    const disable = row.disabled !== true;
    if (disable && !(await dialogs.confirm({ title: warning, message: m.text('grid.confirmDisable') }))) return;
    return run(() => api('POST', '/grid/disable', { entityTypeId: grid.entityTypeId, entityId: row.id, primaryEntityId, disable }), false);
  };

  const download = async (fileType: ExportType) => {
    setExporting(fileType);
    try {
      const { blob, fileName } = await apiFile('/form/flatfile', {
        formId: grid.formId,
        entityType: grid.entityTypeId,
        primaryEntityId,
        filters: data.filter ? [data.filter] : [],
        altGridId: grid.altGridId ?? null,
        includeDisabled: data.includeDisabled,
        fileType,
      });
      saveFile(blob, fileName);
    } catch {
      // CSV and PDF failures show nothing and only end the busy state (spec part 2 section 8).
    } finally {
      setExporting(null);
    }
  };

  return { busy, exporting, standard, download };
}
