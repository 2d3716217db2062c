import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { AdminProblem, DiffAnswer, DocumentKey, LayerFiles, VersionSummary } from '../../../engine/metadata/admin-contract.js';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { formatDateTime } from '../../../engine/text/format.js';
import { saveFile } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { ScreenHeading } from '../screen-heading.js';
import { exportLayer, getDiff, importLayer, listVersions, rollback } from './admin-api.js';
import { AdminNav, AdminProblems, ADMIN_KEY, useDraftsChanged, usePublished } from './admin-nav.js';
import { leafChanges } from './leaf-changes.js';

/**
 * Metadata Versions (/dashboard/metadata/versions): every published version, the diff of any two
 * (as words: each changed value with its pointer, before and after), Roll back (a new version),
 * Export of the published layer as one JSON file and Import of such a file into the drafts.
 */

const keyText = (d: DocumentKey) => `${d.kind} ${d.id}`;
const shown = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

function RollbackButton({ number, onRollback }: { number: number; onRollback: (n: number) => void }) {
  const m = useMetadata();
  return <button type="button" className="usa-button usa-button--outline margin-top-1" onClick={() => onRollback(number)}
    aria-label={m.text('metadataScreens.rollbackTo', { number })}>{m.text('metadataScreens.rollback')}</button>;
}

function VersionItem({ version, current, onRollback }: { version: VersionSummary; current: boolean; onRollback: (n: number) => void }) {
  const m = useMetadata();
  const action = version.action === 'rollback' && version.restored !== undefined
    ? m.text('metadataScreens.actionRollback', { number: version.restored })
    : m.text(`metadataScreens.action.${version.action}`);
  return (
    <li className="metadata-admin__version">
      <h3 className="metadata-admin__document-title">{m.text('metadataScreens.versionTitle', { number: version.number })}</h3>
      <dl className="metadata-admin__facts">
        <div><dt>{m.text('metadataScreens.versionAuthor')}</dt><dd>{version.author.name}</dd></div>
        <div><dt>{m.text('metadataScreens.versionTime')}</dt><dd>{formatDateTime(version.createdAt, m.tenant.timeZone)}</dd></div>
        <div><dt>{m.text('metadataScreens.versionAction')}</dt><dd>{action}</dd></div>
        <div className="metadata-admin__fact--wide"><dt>{m.text('metadataScreens.versionComment')}</dt><dd>{version.comment}</dd></div>
      </dl>
      {version.changed.length > 0 && (
        <details>
          <summary>{m.text('metadataScreens.versionChanged', { count: version.changed.length })}</summary>
          <ul className="usa-list">{version.changed.map((d) => <li key={keyText(d)}>{keyText(d)}</li>)}</ul>
        </details>
      )}
      {!current && <RollbackButton number={version.number} onRollback={onRollback} />}
    </li>
  );
}

function DiffView({ diff }: { diff: DiffAnswer }) {
  const m = useMetadata();
  return (
    <section aria-labelledby="metadata-diff-heading" className="metadata-admin__diff">
      <h2 id="metadata-diff-heading">{m.text('metadataScreens.diffHeading', { from: diff.from, to: diff.to })}</h2>
      {diff.documents.length === 0 && <p>{m.text('metadataScreens.diffNone')}</p>}
      {diff.documents.map((d) => (
        <article key={keyText(d)} className="metadata-admin__diff-document">
          <h3 className="metadata-admin__document-title">{keyText(d)} <span className="usa-tag metadata-admin__tag">{m.text(`metadataScreens.change.${d.change}`)}</span></h3>
          <ul className="metadata-admin__diff-list">
            {leafChanges(d.before, d.after).map((c) => (
              <li key={c.pointer} className={`metadata-admin__diff-leaf metadata-admin__diff-leaf--${c.change}`}>
                <span className="metadata-admin__diff-change">{m.text(`metadataScreens.change.${c.change}`)}</span>{' '}
                <span className="metadata-admin__code">{c.pointer || '/'}</span>
                {c.change !== 'added' && <div><span className="metadata-admin__diff-label">{m.text('metadataScreens.before')}</span> <del className="metadata-admin__code">{shown(c.before)}</del></div>}
                {c.change !== 'removed' && <div><span className="metadata-admin__diff-label">{m.text('metadataScreens.after')}</span> <ins className="metadata-admin__code">{shown(c.after)}</ins></div>}
              </li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}

function ExportImport() {
  const m = useMetadata();
  const toasts = useToasts();
  const draftsChanged = useDraftsChanged();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<AdminProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try { await call(); } catch (e) { toasts.showError(e); } finally { setBusy(false); }
  };
  const onExport = () => run(async () => {
    const layer = await exportLayer();
    saveFile(new Blob([JSON.stringify(layer, null, 2)], { type: 'application/json' }), `metadata-layer-${layer.tenant}.json`);
  });
  const onImport = () => run(async () => {
    if (!file) return;
    let parsed: Partial<LayerFiles>;
    try { parsed = JSON.parse(await file.text()) as Partial<LayerFiles>; } catch {
      toasts.show({ type: 'error', message: m.text('metadataScreens.importNotJson') });
      return;
    }
    if (!parsed || typeof parsed.files !== 'object' || parsed.files === null) {
      toasts.show({ type: 'error', message: m.text('metadataScreens.importNotLayer') });
      return;
    }
    const answer = await importLayer({ files: parsed.files });
    setProblems(answer.problems);
    draftsChanged();
    toasts.show({ type: answer.problems.length ? 'warning' : 'success', message: m.text('metadataScreens.imported', { count: Object.keys(parsed.files).length }) });
  });
  return (
    <section aria-labelledby="metadata-files-heading" className="metadata-admin__files">
      <h2 id="metadata-files-heading">{m.text('metadataScreens.filesHeading')}</h2>
      <p>{m.text('metadataScreens.filesHint')}</p>
      <div className="metadata-admin__publish">
        <button type="button" className="usa-button usa-button--outline" disabled={busy} onClick={() => void onExport()}>{m.text('metadataScreens.export')}</button>
        <div className="metadata-admin__comment">
          <label className="usa-label margin-top-0" htmlFor={fileId}>{m.text('metadataScreens.importFile')}</label>
          <input className="usa-input" id={fileId} type="file" accept="application/json,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <button type="button" className="usa-button usa-button--outline" disabled={busy || !file} onClick={() => void onImport()}>{m.text('metadataScreens.import')}</button>
      </div>
      <AdminProblems problems={problems} title={m.text('metadataScreens.importProblems')} />
    </section>
  );
}

export function MetadataVersionsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const toasts = useToasts();
  const dialogs = useDialogs();
  const published = usePublished();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [diff, setDiff] = useState<DiffAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const read = useQuery({ queryKey: [...ADMIN_KEY, 'versions'], queryFn: ({ signal }) => listVersions(undefined, signal) });
  const versions: VersionSummary[] | null = read.isError ? [] : (read.data ?? null);
  const { showError } = toasts;
  useEffect(() => { if (read.error) showError(read.error); }, [read.error, showError]);
  // the newest against the one before it, until the administrator chooses
  if (read.data && !to) setTo(String(read.data[0]?.number ?? 0));
  if (read.data && !from) setFrom(String(read.data[1]?.number ?? 0));

  const numbers = [...new Set([...(versions ?? []).map((v) => v.number), 0])].sort((a, b) => b - a);

  const onDiff = async () => {
    setBusy(true);
    try { setDiff(await getDiff(Number(from), Number(to))); } catch (e) { toasts.showError(e); } finally { setBusy(false); }
  };

  const onRollback = async (number: number) => {
    const answer = await dialogs.prompt({
      title: m.text('metadataScreens.rollbackTitle', { number }),
      message: m.text('metadataScreens.rollbackQuestion', { number }),
      input: { label: m.text('metadataScreens.rollbackComment'), required: true },
      okLabel: m.text('metadataScreens.rollback'),
    });
    if (!answer || answer.button !== 'ok' || !answer.value.trim()) return;
    try {
      const made = await rollback({ number, comment: answer.value.trim() });
      toasts.show({ type: 'success', message: m.text('metadataScreens.rolledBack', { number, made: made?.number ?? '' }) });
      setTo('');
      setFrom('');
      setDiff(null);
      published();
    } catch (e) {
      toasts.showError(e);
    }
  };

  return (
    <div className="metadata-admin">
      <ScreenHeading>{route.displayName ?? m.text('metadataScreens.navVersions')}</ScreenHeading>
      <AdminNav />
      <section aria-labelledby="metadata-compare-heading">
        <h2 id="metadata-compare-heading">{m.text('metadataScreens.compareHeading')}</h2>
        <div className="metadata-admin__filters">
          <div>
            <label className="usa-label margin-top-0" htmlFor="metadata-diff-from">{m.text('metadataScreens.diffFrom')}</label>
            <select className="usa-select" id="metadata-diff-from" value={from} onChange={(e) => setFrom(e.target.value)}>
              {numbers.map((n) => <option key={n} value={n}>{m.text('metadataScreens.versionTitle', { number: n })}</option>)}
            </select>
          </div>
          <div>
            <label className="usa-label margin-top-0" htmlFor="metadata-diff-to">{m.text('metadataScreens.diffTo')}</label>
            <select className="usa-select" id="metadata-diff-to" value={to} onChange={(e) => setTo(e.target.value)}>
              {numbers.map((n) => <option key={n} value={n}>{m.text('metadataScreens.versionTitle', { number: n })}</option>)}
            </select>
          </div>
        </div>
        <button type="button" className="usa-button" disabled={busy || versions === null} onClick={() => void onDiff()}>{m.text('metadataScreens.showDiff')}</button>
      </section>
      {diff && <DiffView diff={diff} />}
      <h2>{m.text('metadataScreens.versionsHeading')}</h2>
      {versions === null
        ? <p role="status">{m.text('metadataScreens.loading')}</p>
        : versions.length === 0
          ? <p>{m.text('metadataScreens.noVersions')}</p>
          : <ul className="metadata-admin__documents">
            {versions.map((v, i) => <VersionItem key={v.number} version={v} current={i === 0} onRollback={(n) => void onRollback(n)} />)}
            {!versions.some((v) => v.number === 0) && (
              <li className="metadata-admin__version">
                <h3 className="metadata-admin__document-title">{m.text('metadataScreens.versionTitle', { number: 0 })}</h3>
                <p className="margin-0">{m.text('metadataScreens.versionZero')}</p>
                <RollbackButton number={0} onRollback={(n) => void onRollback(n)} />
              </li>
            )}
          </ul>}
      <ExportImport />
    </div>
  );
}
