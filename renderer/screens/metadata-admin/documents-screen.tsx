import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { DocumentKey, DocumentSummary, LayerName } from '../../../engine/metadata/admin-contract.js';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { fullPath } from '../../../engine/access/menu-rules.js';
import { METADATA_KINDS, type MetadataKind } from '../../../engine/metadata/registry.js';
import { useMetadata } from '../../app/metadata.js';
import { useToasts } from '../../components/toasts.js';
import { ScreenHeading } from '../screen-heading.js';
import { AdminNav, useAdminDocuments } from './admin-nav.js';

/**
 * Metadata (/dashboard/metadata): every document of the merged registry by kind, filtered by name
 * or id, each with the layers that hold it and the ways to edit it.
 */

const KINDS = Object.keys(METADATA_KINDS) as MetadataKind[];

/** The address of a metadata screen for a document, with its query. */
export function adminPath(routes: readonly Route[], routeId: string, params: Record<string, string>): string {
  return `${fullPath(routes, routeId)}?${new URLSearchParams(params).toString()}`;
}

/** The JSON editor's address for a document. */
export const documentPath = (routes: readonly Route[], key: DocumentKey) => adminPath(routes, 'metadata-document', { kind: key.kind, id: key.id });

/** A layer's badge: its name in words (never colour alone). */
export function LayerTag({ layer }: { layer: LayerName }) {
  const m = useMetadata();
  return <span className={`usa-tag metadata-admin__tag metadata-admin__tag--${layer}`}>{m.text(`metadataScreens.layer.${layer}`)}</span>;
}

function DocumentItem({ doc }: { doc: DocumentSummary }) {
  const m = useMetadata();
  const links: Array<{ to: string; label: string }> = [{ to: documentPath(m.routes, doc), label: m.text('metadataScreens.editJson') }];
  if (doc.kind === 'form') links.push({ to: adminPath(m.routes, 'metadata-form-builder', { id: doc.id }), label: m.text('metadataScreens.openFormBuilder') });
  if (doc.kind === 'grid') links.push({ to: adminPath(m.routes, 'metadata-grid-editor', { id: doc.id }), label: m.text('metadataScreens.openGridEditor') });
  if (doc.kind === 'form' || doc.kind === 'grid' || doc.kind === 'route') links.push({ to: adminPath(m.routes, 'metadata-preview', { [doc.kind]: doc.id }), label: m.text('metadataScreens.preview') });
  return (
    <li className="metadata-admin__document">
      <h3 className="metadata-admin__document-title">{doc.title || doc.id} <span className="metadata-admin__document-id">({doc.kind} {doc.id})</span></h3>
      <p className="metadata-admin__tags">
        <span className="usa-sr-only">{m.text('metadataScreens.layersLabel')} </span>
        {doc.layers.map((l) => <LayerTag key={l} layer={l} />)}
        {doc.draft && !doc.layers.includes('draft') && <LayerTag layer="draft" />}
        {doc.system && <span className="usa-tag metadata-admin__tag">{m.text('metadataScreens.system')}</span>}
      </p>
      <ul className="metadata-admin__actions">
        {links.map((l) => <li key={l.to}><Link to={l.to} aria-label={`${l.label}: ${doc.title || doc.id}`}>{l.label}</Link></li>)}
      </ul>
    </li>
  );
}

export function MetadataDocumentsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const toasts = useToasts();
  const [params, setParams] = useSearchParams();
  const kind = (KINDS as string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as MetadataKind) : 'form';
  const filter = params.get('q') ?? '';
  const read = useAdminDocuments();
  const documents: DocumentSummary[] | null = read.isError ? [] : (read.data ?? null);
  const { showError } = toasts;
  useEffect(() => { if (read.error) showError(read.error); }, [read.error, showError]);

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return (documents ?? []).filter((d) => d.kind === kind && (!words || `${d.title} ${d.id}`.toLowerCase().includes(words)));
  }, [documents, kind, filter]);
  const counts = useMemo(() => new Map(KINDS.map((k) => [k, (documents ?? []).filter((d) => d.kind === k).length])), [documents]);

  const setParam = (name: string, value: string) => setParams((p) => { const next = new URLSearchParams(p); if (value) next.set(name, value); else next.delete(name); return next; }, { replace: true });

  return (
    <div className="metadata-admin">
      <ScreenHeading>{route.displayName ?? m.text('metadataScreens.navDocuments')}</ScreenHeading>
      <AdminNav />
      <h2>{m.text('metadataScreens.documentsHeading')}</h2>
      <div className="metadata-admin__filters">
        <div>
          <label className="usa-label margin-top-0" htmlFor="metadata-kind">{m.text('metadataScreens.kindLabel')}</label>
          <select className="usa-select" id="metadata-kind" value={kind} onChange={(e) => setParam('kind', e.target.value)}>
            {KINDS.map((k) => <option key={k} value={k}>{m.text(`metadataScreens.kind.${k}`)} ({counts.get(k) ?? 0})</option>)}
          </select>
        </div>
        <div>
          <label className="usa-label margin-top-0" htmlFor="metadata-filter">{m.text('metadataScreens.filterLabel')}</label>
          <input className="usa-input" id="metadata-filter" type="search" value={filter} onChange={(e) => setParam('q', e.target.value)} />
        </div>
      </div>
      {documents === null
        ? <p role="status">{m.text('metadataScreens.loading')}</p>
        : <>
          <p role="status" className="metadata-admin__count">{m.text('metadataScreens.documentsShown', { count: shown.length, kind: m.text(`metadataScreens.kind.${kind}`) })}</p>
          <ul className="metadata-admin__documents">{shown.map((d) => <DocumentItem key={`${d.kind}/${d.id}`} doc={d} />)}</ul>
        </>}
    </div>
  );
}
