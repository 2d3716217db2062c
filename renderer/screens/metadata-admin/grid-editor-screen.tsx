import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMetadata } from '../../app/metadata.js';
import { ScreenHeading } from '../screen-heading.js';
import { AdminNav, useAdminDocuments } from './admin-nav.js';
import { GridEditor } from './grid-editor/grid-editor.js';
import './grid-editor/grid-editor.css';

/** /dashboard/metadata/grid-editor?id= : choose a grid, edit it as a draft, see it on real data. */
export function MetadataGridEditorScreen() {
  const m = useMetadata();
  const [params, setParams] = useSearchParams();
  const gridId = params.get('id');
  const [choice, setChoice] = useState(gridId ?? '');
  const id = useId();
  // every grid of the merged registry, drafted ones included; the running metadata's until it answers
  const drafted = useAdminDocuments().data?.filter((d) => d.kind === 'grid').map((d) => d.id);
  const grids = [...new Set([...(drafted ?? []), ...m.grids.map((g) => g.id)])].sort((a, b) => a.localeCompare(b));
  return (
    <div>
      <ScreenHeading id="grid-editor-heading">{m.text('gridEditor.title')}</ScreenHeading>
      <AdminNav />
      <form className="grid-editor__add" onSubmit={(e) => { e.preventDefault(); if (choice) setParams({ id: choice }); }}>
        <div>
          <label className="usa-label" htmlFor={id}>{m.text('gridEditor.choose')}</label>
          <span className="usa-hint" id={`${id}-hint`}>{m.text('gridEditor.chooseHint')}</span>
          <select className="usa-select" id={id} aria-describedby={`${id}-hint`} value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">-</option>
            {grids.map((g) => <option key={g} value={g}>{g}</option>)}
          </select>
        </div>
        <button type="submit" className="usa-button" disabled={!choice}>{m.text('gridEditor.open')}</button>
      </form>
      {gridId && <GridEditor key={gridId} gridId={gridId} />}
    </div>
  );
}
