import { useQuery, useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { AdminProblem, DocumentKey, WideningAnswer } from '../../../engine/metadata/admin-contract.js';
import { fullPath } from '../../../engine/access/menu-rules.js';
import { ApiError } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { useAnyUnsavedEdits } from '../../app/unsaved-edits.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { discardDrafts, listDocuments, listDrafts, publish } from './admin-api.js';
import './metadata-admin.css';

/**
 * The top of every metadata administration screen: the sub-navigation (Documents, Versions, Form
 * Builder, Grid Editor, Preview) and the drafts bar (how many drafts the caller holds, a comment and
 * Publish; a rule that opens every row to every role asks for confirmation; refused drafts list
 * their problems by file and JSON pointer).
 */

/** Bumped whenever the caller's drafts change (a screen saved or discarded one): the bar counts again. */
const draftsRevisionAtom = atom(0);
/** Bumped after every publish: screens showing published metadata load again. */
const publishedRevisionAtom = atom(0);

/** The administration's reads (documents, drafts, versions): a drafts change or a publish invalidates them all. */
export const ADMIN_KEY = ['admin'] as const;

function useAdminChanged(revision: typeof draftsRevisionAtom): () => void {
  const set = useSetAtom(revision);
  const client = useQueryClient();
  return useCallback(() => {
    set((n) => n + 1);
    void client.invalidateQueries({ queryKey: ADMIN_KEY });
  }, [set, client]);
}

/** A screen calls the answer after it saved, imported or discarded drafts. */
export function useDraftsChanged(): () => void {
  return useAdminChanged(draftsRevisionAtom);
}

/** A screen calls the answer after it made a new version another way (a rollback). */
export function usePublished(): () => void {
  return useAdminChanged(publishedRevisionAtom);
}

/** The administration's documents, drafted ones included (shared by the screens that list them). */
export function useAdminDocuments() {
  return useQuery({ queryKey: [...ADMIN_KEY, 'documents'], queryFn: ({ signal }) => listDocuments(undefined, signal) });
}

/** Changes after every publish (and every drafts change): a dependency for screens that load metadata documents. */
export function useAdminRevision(): string {
  return `${useAtomValue(publishedRevisionAtom)}:${useAtomValue(draftsRevisionAtom)}`;
}

const LINKS = [
  { route: 'metadata', text: 'metadataScreens.navDocuments' },
  { route: 'metadata-versions', text: 'metadataScreens.navVersions' },
  { route: 'metadata-form-builder', text: 'metadataScreens.navFormBuilder' },
  { route: 'metadata-grid-editor', text: 'metadataScreens.navGridEditor' },
  { route: 'metadata-preview', text: 'metadataScreens.navPreview' },
];

/** The documents a problem list names: `kind id` or the file. */
export function problemPlace(p: AdminProblem): string {
  return p.document ? `${p.document.kind} ${p.document.id}` : p.file;
}

/** A list of registry problems: file, JSON pointer and message each. */
export function AdminProblems({ problems, title }: { problems: AdminProblem[]; title: string }) {
  if (problems.length === 0) return null;
  return (
    <div className="usa-alert usa-alert--error usa-alert--slim metadata-admin__problems" role="alert">
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading font-body-sm">{title}</h2>
        <ul className="usa-list">
          {problems.map((p, i) => (
            <li key={i}>
              <span className="metadata-admin__code">{p.file}</span>{' '}
              <span className="metadata-admin__code">{p.pointer || '/'}</span>
              {p.document && <> ({problemPlace(p)})</>}: {p.message}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function problemsOf(e: unknown): AdminProblem[] | null {
  if (!(e instanceof ApiError) || typeof e.body !== 'object' || e.body === null) return null;
  const problems = (e.body as { problems?: unknown }).problems;
  return Array.isArray(problems) ? (problems as AdminProblem[]) : null;
}

function widenedOf(e: unknown): WideningAnswer | null {
  if (!(e instanceof ApiError) || e.status !== 409 || typeof e.body !== 'object' || e.body === null) return null;
  return Array.isArray((e.body as Partial<WideningAnswer>).widened) ? (e.body as WideningAnswer) : null;
}

const keyText = (d: DocumentKey) => `${d.kind} ${d.id}`;

/** The sub-navigation and the drafts bar. */
export function AdminNav() {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const commentId = useId();
  const published = usePublished();
  const draftsChanged = useDraftsChanged();
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<AdminProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [commentMissing, setCommentMissing] = useState(false);
  // Publish publishes the saved drafts: while an editing screen holds unsaved changes it waits for them
  const unsaved = useAnyUnsavedEdits();

  const draftsRead = useQuery({ queryKey: [...ADMIN_KEY, 'drafts'], queryFn: ({ signal }) => listDrafts(undefined, signal) });
  const drafts = draftsRead.isError ? [] : (draftsRead.data ?? null);

  const send = async (confirmWidening: boolean): Promise<void> => {
    try {
      const version = await publish({ comment: comment.trim(), confirmWidening: confirmWidening || undefined });
      setComment('');
      setProblems([]);
      toasts.show({ type: 'success', message: m.text('metadataScreens.published', { number: version?.number ?? '' }) });
      published();
      draftsChanged();
    } catch (e) {
      const widened = widenedOf(e);
      if (widened && !confirmWidening) {
        const ok = await dialogs.confirm({
          title: m.text('metadataScreens.wideningTitle'),
          message: <>
            <p>{widened.message}</p>
            <ul>{widened.widened.map((w, i) => <li key={i}>{keyText(w)} <span className="metadata-admin__code">{w.pointer}</span></li>)}</ul>
            <p>{m.text('metadataScreens.wideningQuestion')}</p>
          </>,
          okLabel: m.text('metadataScreens.wideningConfirm'),
        });
        if (ok) return send(true);
        return;
      }
      const list = problemsOf(e);
      if (list) setProblems(list);
      toasts.showError(e);
    }
  };

  const onPublish = async () => {
    if (unsaved) return;
    if (!comment.trim()) { setCommentMissing(true); document.getElementById(commentId)?.focus(); return; }
    setCommentMissing(false);
    setBusy(true);
    try { await send(false); } finally { setBusy(false); }
  };

  const onDiscardAll = async () => {
    if (!(await dialogs.confirm({ title: m.text('metadataScreens.discardAllTitle'), message: m.text('metadataScreens.discardAllQuestion', { count: drafts?.length ?? 0 }), okLabel: m.text('metadataScreens.discardAllTitle') }))) return;
    setBusy(true);
    try {
      await discardDrafts();
      setProblems([]);
      draftsChanged();
    } catch (e) {
      toasts.showError(e);
    } finally {
      setBusy(false);
    }
  };

  const count = drafts?.length ?? 0;
  return (
    <div className="metadata-admin__top">
      <nav aria-label={m.text('metadataScreens.navLabel')} className="registry-tabs">
        <ul className="registry-tabs__list">
          {LINKS.filter((l) => m.routes.some((r) => r.id === l.route)).map((l) => (
            <li key={l.route}><NavLink end className={({ isActive }) => `registry-tabs__tab${isActive ? ' is-active' : ''}`} to={fullPath(m.routes, l.route)}>{m.text(l.text)}</NavLink></li>
          ))}
        </ul>
      </nav>
      <section className="metadata-admin__drafts" aria-labelledby={`${commentId}-heading`}>
        <h2 id={`${commentId}-heading`} className="metadata-admin__drafts-heading">{m.text('metadataScreens.draftsCount', { count })}</h2>
        {count > 0 && (
          <details className="metadata-admin__drafts-list">
            <summary>{m.text('metadataScreens.draftsShow')}</summary>
            <ul className="usa-list">{drafts?.map((d) => <li key={keyText(d)}>{keyText(d)}</li>)}</ul>
          </details>
        )}
        <div className="metadata-admin__publish">
          <div className="metadata-admin__comment">
            <label className="usa-label margin-top-0" htmlFor={commentId}>{m.text('metadataScreens.publishComment')}</label>
            {commentMissing && <span className="usa-error-message" id={`${commentId}-error`}>{m.text('metadataScreens.commentRequired')}</span>}
            <input className={`usa-input${commentMissing ? ' usa-input--error' : ''}`} id={commentId} value={comment} aria-describedby={commentMissing ? `${commentId}-error` : undefined}
              onChange={(e) => setComment(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') void onPublish(); }} />
          </div>
          <div className="metadata-admin__buttons">
            <button type="button" className="usa-button" disabled={busy || count === 0 || unsaved} aria-describedby={unsaved ? `${commentId}-unsaved` : undefined} onClick={() => void onPublish()}>{m.text('metadataScreens.publish')}</button>
            <button type="button" className="usa-button usa-button--outline" disabled={busy || count === 0} onClick={() => void onDiscardAll()}>{m.text('metadataScreens.discardAll')}</button>
          </div>
        </div>
        {unsaved && <p className="metadata-admin__unsaved-note" id={`${commentId}-unsaved`} role="status">{m.text('metadataScreens.publishUnsaved')}</p>}
        <AdminProblems problems={problems} title={m.text('metadataScreens.publishRefused')} />
      </section>
    </div>
  );
}
