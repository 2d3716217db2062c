import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fullPath } from '../../../../engine/access/menu-rules.js';
import { rowEntityTypeId, type Grid } from '../../../../engine/metadata/grid-schema.js';
import { errorText } from '../../../app/error-text.js';
import { useMetadata } from '../../../app/metadata.js';
import { useUnsavedGuard } from '../../../app/unsaved-edits.js';
import { useDialogs } from '../../../components/dialogs.js';
import { useToasts } from '../../../components/toasts.js';
import type { AdminProblem, DocumentDetail } from '../../../../engine/metadata/admin-contract.js';
import { discardDraft, getDocument, saveDraft } from '../admin-api.js';
import { ADMIN_KEY, AdminProblems, useDraftsChanged } from '../admin-nav.js';
import { ColumnsPanel } from './columns-panel.js';
import { FiltersPanel } from './filters-panel.js';
import { fieldsOf } from './grid-draft.js';
import { GridPreview } from './grid-preview.js';
import { jsonEqual } from '../../../../engine/metadata/json-equal.js';
import { personFields, type RuleField } from './rule-editor.js';
import { RowActionsPanel } from './row-actions-panel.js';
import { ToolbarPanel } from './toolbar-panel.js';

interface Loaded {
  /** the grid as stored: the caller's draft, else the published document */
  stored: Grid;
  hasDraft: boolean;
}

/** One grid document edited: the panels, Save draft / Discard draft, the problems, the live preview. */
export function GridEditor({ gridId }: { gridId: string }) {
  const m = useMetadata();
  const text = m.text;
  const toasts = useToasts();
  const dialogs = useDialogs();
  const draftsChanged = useDraftsChanged();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [grid, setGrid] = useState<Grid | null>(null);
  const [problems, setProblems] = useState<AdminProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  const client = useQueryClient();
  const documentKey = [...ADMIN_KEY, 'document', 'grid', gridId];
  // loaded again after Discard and after every drafts change or publish (they invalidate it); unsaved edits stay
  const doc = useQuery({ queryKey: documentKey, queryFn: ({ signal }) => getDocument({ kind: 'grid', id: gridId }, undefined, signal), staleTime: 0 });
  const [applied, setApplied] = useState<DocumentDetail | null>(null);
  // after Discard the stored document replaces the edits
  const [discarded, setDiscarded] = useState(false);
  if (doc.data && doc.data !== applied) {
    const d = doc.data;
    setApplied(d);
    const removed = typeof d.draft === 'object' && d.draft !== null && '$remove' in d.draft;
    const stored = (d.draft && !removed ? d.draft : d.value) as Grid;
    const hasDraft = d.draft !== null && !removed;
    if (!discarded && grid !== null && loaded !== null && !jsonEqual(grid, loaded.stored)) setLoaded({ ...loaded, hasDraft });
    else { setLoaded({ stored, hasDraft }); setGrid(stored); setDiscarded(false); }
  }
  const loadError = doc.isError ? (errorText(doc.error) ?? text('gridEditor.loadFailed', { id: gridId })) : null;

  const rowEntity = grid ? m.entity(rowEntityTypeId(grid)) : undefined;
  const fields = useMemo(() => fieldsOf(rowEntity), [rowEntity]);
  const people = useMemo(() => personFields(text), [text]);
  const ruleFields = useMemo<RuleField[]>(() => [...fields.map((f) => ({ name: `row.${f.id}`, label: f.label === f.id ? `row.${f.id}` : `${f.label} (row.${f.id})` })), ...people], [fields, people]);
  const refresh = useCallback(() => setRevision((n) => n + 1), []);
  const dirty = grid !== null && loaded !== null && !jsonEqual(grid, loaded.stored);
  useUnsavedGuard(dirty);

  if (loadError) {
    return <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{loadError}</p></div></div>;
  }
  if (!grid || !loaded) return <p role="status">{text('gridEditor.loading')}</p>;
  const jsonHref = `${fullPath(m.routes, 'metadata-document')}?kind=grid&id=${encodeURIComponent(gridId)}`;
  const title = rowEntity?.displayName ?? grid.id;

  const save = async () => {
    setBusy(true);
    try {
      const answer = await saveDraft({ kind: 'grid', id: gridId, value: grid });
      setProblems(answer.problems);
      setLoaded({ stored: grid, hasDraft: true });
      toasts.show({ type: 'success', message: text('gridEditor.saved', { id: gridId }) });
      draftsChanged();
      refresh();
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    if (!(await dialogs.confirm({ title: text('gridEditor.discardTitle'), message: text('gridEditor.discardQuestion', { id: gridId }), okLabel: text('gridEditor.discardDraft') }))) return;
    setBusy(true);
    try {
      await discardDraft({ kind: 'grid', id: gridId });
      setDiscarded(true);
      setProblems([]);
      draftsChanged();
      void client.invalidateQueries({ queryKey: documentKey });
      refresh();
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid-editor">
      {loaded.hasDraft && <p className="usa-hint">{text('gridEditor.draftNotice')}</p>}
      <div className="grid-editor__bar">
        <button type="button" className="usa-button" disabled={busy || !dirty} onClick={() => void save()}>{text('gridEditor.saveDraft')}</button>
        <button type="button" className="usa-button usa-button--outline" disabled={busy || !loaded.hasDraft} onClick={() => void discard()}>{text('gridEditor.discardDraft')}</button>
        {dirty && <p className="grid-editor__unsaved" role="status">{text('gridEditor.unsaved')}</p>}
      </div>
      <AdminProblems problems={problems} title={text('gridEditor.savedProblems')} />
      <div className="grid-editor__panels">
        <ColumnsPanel grid={grid} fields={fields} text={text} onChange={setGrid} />
        <FiltersPanel grid={grid} fields={fields} text={text} onChange={setGrid} />
        <ToolbarPanel grid={grid} personFields={people} text={text} onChange={setGrid} />
        <RowActionsPanel grid={grid} ruleFields={ruleFields} text={text} jsonHref={jsonHref} onChange={setGrid} />
      </div>
      <GridPreview grid={loaded.stored} title={title} revision={revision} text={text} onRefresh={refresh} />
    </div>
  );
}
