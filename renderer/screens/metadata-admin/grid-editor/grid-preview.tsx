import { useEffect, useId, useMemo, useRef } from 'react';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import { indexMetadata, MetadataContext } from '../../../app/metadata.js';
import { DataGrid } from '../../../components/data-grid/data-grid.js';
import type { TextFn } from '../../../components/data-grid/grid-types.js';
import { useReloadGrids } from '../../../components/data-grid/use-grid-data.js';
import { useDraftHeader } from '../preview/use-draft-header.js';
import { withGrid } from '../preview/preview-metadata.js';
import { usePreviewMetadata } from '../preview/use-preview-metadata.js';

/**
 * The real data grid showing the grid as saved in the draft, on real data: its calls carry the
 * draft header, so the server plans them with the draft (columns, default filters, page size).
 * `revision` changes after each save: the grid starts afresh (initial sort, page size).
 */
export function GridPreview({ grid, title, revision, text, onRefresh }: { grid: Grid; title: string; revision: number; text: TextFn; onRefresh: () => void }) {
  const id = useId();
  const ready = useDraftHeader();
  const preview = usePreviewMetadata(undefined, revision);
  const index = useMemo(() => indexMetadata(withGrid(preview.metadata, grid)), [preview.metadata, grid]);
  // a new revision reads the rows again (the grid mounted afresh would show what it read before)
  const reloadGrids = useReloadGrids();
  const shownRevision = useRef(revision);
  useEffect(() => {
    if (shownRevision.current === revision) return;
    shownRevision.current = revision;
    reloadGrids(grid.entityTypeId);
  }, [revision, reloadGrids, grid.entityTypeId]);
  return (
    <section className="grid-editor__preview" aria-labelledby={`${id}-h`}>
      <div className="grid-editor__preview-top">
        <h2 id={`${id}-h`}>{text('gridEditor.preview')}</h2>
        <button type="button" className="usa-button usa-button--outline" onClick={onRefresh}>{text('gridEditor.refreshPreview')}</button>
      </div>
      <p className="usa-hint">{text('gridEditor.previewHint')}</p>
      {ready && (
        <MetadataContext.Provider value={index}>
          <DataGrid key={revision} gridId={grid.id} caption={text('gridEditor.previewCaption', { title })} onOpenForm={() => undefined} />
        </MetadataContext.Provider>
      )}
    </section>
  );
}
