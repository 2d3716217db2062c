import { useAtomValue } from 'jotai';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultRole } from '../../../engine/access/role-duties.js';
import { indexMetadata, MetadataContext, useMetadata } from '../../app/metadata.js';
import { routesWithScreens } from '../../../engine/access/routes-with-screens.js';
import { useComposition } from '../../components/composition/composition-context.js';
import { ruleUserAtom } from '../../app/session.js';
import { ScreenHeading } from '../screen-heading.js';
import { AdminNav, useAdminRevision } from './admin-nav.js';
import { useDraftHeader } from './preview/use-draft-header.js';
import { PreviewFrame } from './preview/preview-frame.js';
import { previewUser } from './preview/preview-metadata.js';
import { kindOf, previewableRoutes, previewQuery, targetOf, type PreviewKind } from './preview/preview-target.js';
import { TENANT_OPTIONS } from './preview/tenant-options.js';
import { usePreviewMetadata } from './preview/use-preview-metadata.js';
import './preview/preview.css';

/**
 * /dashboard/metadata/preview?route=|form=|grid=&role=&tenant= : a route's screen, a form or a grid
 * as a chosen role of a chosen tenant sees it, with the caller's drafts applied (GET /preview), in a
 * frame. Data calls carry the draft header and run with the administrator's own access; for another
 * tenant they show this server's published data (no draft header), and the screen says so.
 */
export function MetadataPreviewScreen() {
  const running = useMetadata();
  const me = useAtomValue(ruleUserAtom);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tenant = params.get('tenant') ?? running.tenant.code;
  const roleId = params.get('role') ?? defaultRole(running.roleById);
  const target = targetOf(params);
  const revision = useAdminRevision();
  // the data calls run on this server's tenant: its drafts apply only when that tenant is previewed
  const ownTenant = tenant === running.tenant.code;
  const ready = useDraftHeader(ownTenant);
  const preview = usePreviewMetadata(ownTenant ? undefined : tenant, revision);
  const index = useMemo(() => indexMetadata(preview.metadata), [preview.metadata]);
  const { screen } = useComposition();
  const shown = useMemo(() => routesWithScreens(index.routes, (r) => screen(r) !== null), [index.routes, screen]);
  const role = index.roles.find((r) => r.id === roleId);
  const user = useMemo(() => previewUser(me.id, role, roleId), [me.id, role, roleId]);
  const kind = kindOf(params);
  const value = target ? String(target.id) : '';
  const go = (nextKind: PreviewKind, nextValue: string, nextRole = roleId, nextTenant = tenant) =>
    setParams(previewQuery(nextKind, nextValue, nextRole, nextTenant === running.tenant.code ? '' : nextTenant));
  const text = running.text;
  const options = kind === 'route'
    ? previewableRoutes(index.routes, shown).map((r) => ({ value: r.id, label: `${r.displayName ?? r.id} (${r.id})` }))
    : kind === 'form'
      ? [...index.forms].sort((a, b) => a.name.localeCompare(b.name)).map((f) => ({ value: String(f.id), label: `${f.name} (${f.id})` }))
      : [...index.grids].sort((a, b) => a.id.localeCompare(b.id)).map((g) => ({ value: g.id, label: g.id }));
  const tenantName = TENANT_OPTIONS.find((t) => t.code === tenant)?.name ?? tenant;
  const label = text('preview.frameLabel', { role: role?.label ?? roleId, tenant: tenantName });

  return (
    <div>
      <ScreenHeading id="metadata-preview-heading">{text('preview.title')}</ScreenHeading>
      <AdminNav />
      <div className="metadata-preview__choices">
        <div>
          <label className="usa-label" htmlFor={`${id}-tenant`}>{text('preview.tenant')}</label>
          <select className="usa-select" id={`${id}-tenant`} value={tenant} onChange={(e) => go(kind, value, roleId, e.target.value)}>
            {TENANT_OPTIONS.map((t) => <option key={t.code} value={t.code}>{t.name} ({t.code})</option>)}
          </select>
        </div>
        <div>
          <label className="usa-label" htmlFor={`${id}-role`}>{text('preview.role')}</label>
          <select className="usa-select" id={`${id}-role`} value={roleId} onChange={(e) => go(kind, value, e.target.value)}>
            {index.roles.map((r) => <option key={r.id} value={r.id}>{r.label} ({r.id})</option>)}
          </select>
        </div>
        <div>
          <label className="usa-label" htmlFor={`${id}-kind`}>{text('preview.kind')}</label>
          <select className="usa-select" id={`${id}-kind`} value={kind} onChange={(e) => go(e.target.value as PreviewKind, '')}>
            <option value="route">{text('preview.kindRoute')}</option>
            <option value="form">{text('preview.kindForm')}</option>
            <option value="grid">{text('preview.kindGrid')}</option>
          </select>
        </div>
        <div>
          <label className="usa-label" htmlFor={`${id}-target`}>{text(`preview.${kind}`)}</label>
          <select className="usa-select" id={`${id}-target`} value={value} onChange={(e) => go(kind, e.target.value)}>
            <option value="">-</option>
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
      </div>
      {!ownTenant && (
        <div className="usa-alert usa-alert--info usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{text('preview.otherTenantData', { tenant: tenantName, server: running.tenant.productName })}</p></div></div>
      )}
      {preview.error !== null && (
        <div className="usa-alert usa-alert--warning usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{text('preview.notLoaded')}</p></div></div>
      )}
      {ready && (
        <MetadataContext.Provider value={index}>
          <PreviewFrame key={`${tenant}:${roleId}`} user={user} label={label} shown={shown} target={target} onRoute={(r) => go('route', r)} />
        </MetadataContext.Provider>
      )}
    </div>
  );
}
