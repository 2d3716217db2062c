import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminProblem, DocumentDetail, DocumentKey, KindSchema, LayerName } from '../../../engine/metadata/admin-contract.js';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { fullPath } from '../../../engine/access/menu-rules.js';
import { METADATA_KINDS, type MetadataKind } from '../../../engine/metadata/registry.js';
import { useMetadata } from '../../app/metadata.js';
import { useUnsavedGuard } from '../../app/unsaved-edits.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { ScreenHeading } from '../screen-heading.js';
import { discardDraft, getDocument, getKinds, listDocuments, saveDraft, validateDrafts } from './admin-api.js';
import { AdminNav, AdminProblems, useAdminRevision, useDraftsChanged } from './admin-nav.js';
import { LayerTag } from './documents-screen.js';
import { JsonEditor, type JsonEditorHandle } from './json-editor.js';
import { splitProblems } from './problem-places.js';
import { WorkflowDiagramView } from './workflow-diagram.js';

/**
 * Edit Metadata Document (/dashboard/metadata/document?kind=&id=): the document's JSON in an editor
 * with its kind's schema, the registry's problems inline where their pointer is in the document and
 * listed otherwise, the layer each value comes from, and Save draft / Discard draft / Delete. A
 * workflow's saved document is drawn above its editor, read-only (its states and steps).
 */

let kindSchemas: Promise<KindSchema[]> | null = null;
/** The kinds' schemas do not change while the page lives: loaded once. */
function schemaOf(kind: MetadataKind): Promise<unknown> {
  kindSchemas ??= getKinds().catch((e: unknown) => { kindSchemas = null; throw e; });
  return kindSchemas.then((all) => all.find((k) => k.kind === kind)?.schema ?? null);
}

const isRemoval = (draft: unknown) => typeof draft === 'object' && draft !== null && (draft as { $remove?: unknown }).$remove === true;
/** What the editor shows: the caller's draft, else the published document. */
const documentShown = (d: DocumentDetail): unknown => (d.draft !== null && !isRemoval(d.draft) ? d.draft : d.value);
function OriginsPanel({ origins, onGoTo }: { origins: Record<string, LayerName>; onGoTo: (pointer: string) => void }) {
  const m = useMetadata();
  const [onlyChanged, setOnlyChanged] = useState(true);
  const entries = Object.entries(origins);
  const shown = onlyChanged ? entries.filter(([, layer]) => layer !== 'base') : entries;
  const counts = new Map<LayerName, number>();
  for (const [, layer] of entries) counts.set(layer, (counts.get(layer) ?? 0) + 1);
  return (
    <aside className="metadata-admin__origins" aria-labelledby="metadata-origins-heading">
      <h2 id="metadata-origins-heading" className="metadata-admin__panel-heading">{m.text('metadataScreens.originsHeading')}</h2>
      <p className="metadata-admin__tags">{[...counts].map(([layer, n]) => <span key={layer}><LayerTag layer={layer} /> {n}</span>)}</p>
      <div className="usa-checkbox">
        <input className="usa-checkbox__input" id="metadata-origins-changed" type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} />
        <label className="usa-checkbox__label" htmlFor="metadata-origins-changed">{m.text('metadataScreens.originsOnlyChanged')}</label>
      </div>
      {shown.length === 0
        ? <p>{m.text('metadataScreens.originsNone')}</p>
        : <ul className="metadata-admin__origin-list">
          {shown.map(([pointer, layer]) => (
            <li key={pointer}>
              <button type="button" className="usa-button usa-button--unstyled metadata-admin__code" onClick={() => onGoTo(pointer)}>{pointer || '/'}</button> <LayerTag layer={layer} />
            </li>
          ))}
        </ul>}
    </aside>
  );
}

export function MetadataDocumentScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const draftsChanged = useDraftsChanged();
  const [params] = useSearchParams();
  const kindParam = params.get('kind') ?? '';
  const key = useMemo<DocumentKey | null>(() => (kindParam in METADATA_KINDS && params.get('id') ? { kind: kindParam as MetadataKind, id: params.get('id')! } : null), [kindParam, params]);
  const editor = useRef<JsonEditorHandle>(null);
  const [detail, setDetail] = useState<DocumentDetail | null>(null);
  const [schema, setSchema] = useState<unknown>(null);
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const [problems, setProblems] = useState<AdminProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const revision = useAdminRevision();
  const dirty = text !== saved;
  useUnsavedGuard(dirty);
  /** The document whose text the editor shows, and whether that text holds unsaved edits (read by load). */
  const shownKey = useRef<string | null>(null);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const keyNow = useRef(key);
  keyNow.current = key;
  /** The document's name for people (as the documents list names it), for the heading. */
  const [title, setTitle] = useState<string | null>(null);

  /**
   * Loads the document; the editor's text follows the stored one unless it holds unsaved edits of
   * the same document (`force`: after Discard or Delete, which give them up).
   */
  const load = useCallback(async (force: boolean) => {
    if (!key) return;
    const wanted = `${key.kind} ${key.id}`;
    try {
      const [d, all] = await Promise.all([getDocument(key), listDocuments()]);
      if (keyNow.current !== key) return;
      setDetail(d);
      const named = all.find((s) => s.kind === key.kind && s.id === key.id)?.title;
      setTitle(named && named !== key.id ? named : null);
      if (!force && shownKey.current === wanted && dirtyNow.current) return;
      shownKey.current = wanted;
      const t = JSON.stringify(documentShown(d), null, 2);
      setText(t);
      setSaved(t);
      setProblems(d.draft !== null ? (await validateDrafts()).problems : []);
    } catch (e) {
      setFailed(e instanceof Error ? e.message : String(e));
    }
  }, [key]);

  useEffect(() => {
    setDetail(null);
    setTitle(null);
    setFailed(null);
    if (key) schemaOf(key.kind).then(setSchema, () => setSchema(null));
  }, [key]);
  // again after every drafts change and publish (here or in the drafts bar): unsaved text stays
  useEffect(() => { void load(false); }, [load, revision]);

  const split = useMemo(() => (key ? splitProblems(problems, key, text) : { inline: [], listed: problems }), [problems, key, text]);

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try { await call(); } catch (e) { toasts.showError(e); } finally { setBusy(false); }
  };

  const onSave = () => run(async () => {
    if (!key) return;
    let value: unknown;
    try { value = JSON.parse(text); } catch (e) {
      toasts.show({ type: 'error', message: m.text('metadataScreens.notJson', { message: e instanceof Error ? e.message : String(e) }) });
      return;
    }
    const answer = await saveDraft({ ...key, value });
    setSaved(text);
    dirtyNow.current = false;
    setProblems(answer.problems);
    draftsChanged();
    toasts.show({ type: answer.problems.length ? 'warning' : 'success', message: answer.problems.length ? m.text('metadataScreens.draftSavedProblems', { count: answer.problems.length }) : m.text('metadataScreens.draftSaved') });
  });

  const onDiscard = () => run(async () => {
    if (!key || !(await dialogs.confirm({ title: m.text('metadataScreens.discardTitle'), message: m.text('metadataScreens.discardQuestion'), okLabel: m.text('metadataScreens.discardTitle') }))) return;
    await discardDraft(key);
    await load(true);
    draftsChanged();
    toasts.show({ type: 'success', message: m.text('metadataScreens.draftDiscarded') });
  });

  const onDelete = () => run(async () => {
    if (!key || !(await dialogs.confirm({ title: m.text('metadataScreens.deleteTitle'), message: m.text('metadataScreens.deleteQuestion', { document: `${key.kind} ${key.id}` }), okLabel: m.text('metadataScreens.deleteTitle') }))) return;
    const answer = await saveDraft({ ...key, remove: true });
    await load(true);
    setProblems(answer.problems);
    draftsChanged();
    toasts.show({ type: 'success', message: m.text('metadataScreens.deleteDrafted') });
  });

  const heading = <ScreenHeading>{route.displayName ?? m.text('metadataScreens.editJson')}</ScreenHeading>;
  if (!key) return <div className="metadata-admin">{heading}<AdminNav /><p className="usa-alert__text">{m.text('metadataScreens.noDocument')}</p></div>;
  const removal = detail !== null && isRemoval(detail.draft);
  return (
    <div className="metadata-admin">
      {heading}
      <AdminNav />
      <p><Link to={`${fullPath(m.routes, 'metadata')}?kind=${key.kind}`}>{m.text('metadataScreens.backToDocuments')}</Link></p>
      <h2 className="metadata-admin__document-heading">{title ? m.text('metadataScreens.documentTitledHeading', { title, kind: key.kind, id: key.id }) : m.text('metadataScreens.documentHeading', { kind: key.kind, id: key.id })}</h2>
      {failed && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{failed}</p></div></div>}
      {!detail && !failed && <p role="status">{m.text('metadataScreens.loading')}</p>}
      {detail && (
        <>
          <p className="metadata-admin__tags">
            <span>{m.text('metadataScreens.layersLabel')}</span> {detail.layers.map((l) => <LayerTag key={l.layer} layer={l.layer} />)}
          </p>
          {removal && <div className="usa-alert usa-alert--warning usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{m.text('metadataScreens.removalDrafted')}</p></div></div>}
          {detail.draft !== null && !removal && <p className="usa-hint">{m.text('metadataScreens.showingDraft')}</p>}
          {key.kind === 'workflow' && <WorkflowDiagramView text={saved} />}
          <div className="metadata-admin__workspace">
            <div className="metadata-admin__editor-column">
              <p className="usa-hint">{m.text('metadataScreens.editorHint')}</p>
              <JsonEditor ref={editor} value={text} onChange={setText} schema={schema} problems={split.inline}
                label={m.text('metadataScreens.editorLabel', { kind: key.kind, id: key.id })} />
              <p role="status" className="metadata-admin__count">
                {dirty ? m.text('metadataScreens.unsaved') : ''} {split.inline.length ? m.text('metadataScreens.inlineProblems', { count: split.inline.length }) : ''}
              </p>
              <div className="metadata-admin__buttons">
                <button type="button" className="usa-button" disabled={busy} onClick={() => void onSave()}>{m.text('metadataScreens.saveDraft')}</button>
                <button type="button" className="usa-button usa-button--outline" disabled={busy || detail.draft === null} onClick={() => void onDiscard()}>{m.text('metadataScreens.discardDraft')}</button>
                <button type="button" className="usa-button usa-button--secondary" disabled={busy || removal} onClick={() => void onDelete()}>{m.text('metadataScreens.delete')}</button>
              </div>
              {split.inline.length > 0 && (
                <ul className="metadata-admin__inline-list" aria-label={m.text('metadataScreens.inlineListLabel')}>
                  {split.inline.map((p, i) => <li key={i}><button type="button" className="usa-button usa-button--unstyled metadata-admin__code" onClick={() => editor.current?.goTo(p.pointer)}>{p.pointer || '/'}</button>: {p.message}</li>)}
                </ul>
              )}
              <AdminProblems problems={split.listed} title={m.text('metadataScreens.otherProblems')} />
            </div>
            <OriginsPanel origins={detail.origins} onGoTo={(p) => editor.current?.goTo(p)} />
          </div>
        </>
      )}
    </div>
  );
}
