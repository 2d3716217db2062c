import { useId, useMemo } from 'react';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import { indexMetadata, MetadataContext } from '../../../app/metadata.js';
import { DataGrid } from '../../../components/data-grid/data-grid.js';
import type { TextFn } from '../../../components/data-grid/grid-types.js';
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
  return (
    <section className="grid-editor__preview" aria-labelledby={`${id}-h`}>
      <div className="grid-editor__preview-top">
        <h2 id={`${id}-h`}>{text('gridEditor.preview')}</h2>
        <button type="button" className="usa-button usa-button--outline" onClick={onRefresh}>{text('gridEditor.refreshPreview')}</button>
      </div>
      <p className="usa-hint">{text('gridEditor.previewHint')}</p>
      {ready && (
        <MetadataContext.Provider value={index}>
          <DataGrid key={revision} gridId={grid.id} caption={text('gridEditor.previewCaption', { title })} reloadToken={revision} onOpenForm={() => undefined} />
        </MetadataContext.Provider>
      )}
    </section>
  );
}
