import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { fullPath, menuRoutes, routeChain, type Viewer } from '../../../../engine/access/menu-rules.js';
import { guardRoute } from '../../../../engine/access/route-guard.js';
import type { Route } from '../../../../engine/metadata/app-schema.js';
import type { RuleUser } from '../../../../engine/rules/rule-context.js';
import { useMetadata } from '../../../app/metadata.js';
import { previewQueryClient } from '../../../app/query-client.js';
import { RuleUserOverrideContext, useRuleContext } from '../../../app/rule-context.js';
import { useComposition } from '../../../components/composition/composition-context.js';
import { useLoaded } from '../../../components/composition/use-loaded.js';
import { DataGrid } from '../../../components/data-grid/data-grid.js';
import { NestedScreens, ScreenHeading } from '../../screen-heading.js';
import { PreviewBoundary } from './preview-boundary.js';
import { PreviewForm } from './preview-form.js';
import type { PreviewTarget } from './preview-target.js';

/** A route's screen, loaded as the router loads it. */
function RouteScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const { screen } = useComposition();
  const load = useMemo(() => screen(route) ?? undefined, [route, screen]);
  const Screen = useLoaded(load);
  if (!load) return <p>{m.text('preview.noScreen')}</p>;
  return Screen ? <Screen route={route} /> : <p role="status">{m.text('preview.loading')}</p>;
}

/** Where the route guard sends the role instead of the route, or null when the role may open it. */
function refusedRoute(routes: readonly Route[], route: Route, viewer: Viewer): string | null {
  const outcome = guardRoute(routeChain(routes, route.id), { ...viewer, firstTime: false, mustAcceptTerms: false }, fullPath(routes, route.id));
  return outcome.kind === 'route' ? outcome.routeId : outcome.kind === 'login' ? 'login' : null;
}

/** The previewed role's menu (top bar and dashboard), as buttons that open an entry in the frame. */
function PreviewMenu({ shown, current, onRoute }: { shown: ReadonlySet<string>; current: string | null; onRoute: (id: string) => void }) {
  const m = useMetadata();
  const context = useRuleContext();
  const viewer: Viewer = { signedIn: true, context };
  const has = (r: Route) => shown.has(r.id) && r.id !== 'login';
  const groups = [
    { label: m.text('preview.menuTop'), routes: menuRoutes(m.routes, undefined, viewer, has) },
    { label: m.text('preview.menuDashboard'), routes: menuRoutes(m.routes, 'dashboard', viewer, has) },
  ];
  return (
    <nav className="metadata-preview__menu" aria-label={m.text('preview.menuLabel')}>
      {groups.map((g) => (
        <div key={g.label} className="metadata-preview__menu-group">
          <h3 className="metadata-preview__menu-heading">{g.label}</h3>
          <ul className="metadata-preview__menu-list">
            {g.routes.map((r) => (
              <li key={r.id}>
                <button type="button" className="usa-button usa-button--unstyled" aria-current={r.id === current ? 'page' : undefined} onClick={() => onRoute(r.id)}>{r.displayName ?? r.id}</button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * A route that holds others (a tabs screen, the dashboard): its sections the role may open, as
 * buttons that stay in the frame, and the first one's screen (its own links would leave the preview).
 */
function ContainerView({ route, sections, onRoute }: { route: Route; sections: Route[]; onRoute: (id: string) => void }) {
  const m = useMetadata();
  return (
    <div>
      <ScreenHeading>{route.displayName ?? route.id}</ScreenHeading>
      <nav className="metadata-preview__sections" aria-label={m.text('preview.sections', { name: route.displayName ?? route.id })}>
        <ul className="metadata-preview__menu-list">
          {sections.map((r) => <li key={r.id}><button type="button" className="usa-button usa-button--unstyled" onClick={() => onRoute(r.id)}>{r.displayName ?? r.id}</button></li>)}
        </ul>
      </nav>
      {sections[0] ? <NestedScreens><RouteScreen route={sections[0]} /></NestedScreens> : <p>{m.text('preview.noSections')}</p>}
    </div>
  );
}

/** What the frame shows for the target, as the role sees it. */
function TargetView({ target, shown, onRoute }: { target: PreviewTarget; shown: ReadonlySet<string>; onRoute: (id: string) => void }) {
  const m = useMetadata();
  const context = useRuleContext();
  if (target.kind === 'form') return m.form(target.id) ? <PreviewForm formId={target.id} /> : <p>{m.text('preview.unknown')}</p>;
  if (target.kind === 'grid') {
    const grid = m.grid(target.id);
    if (!grid) return <p>{m.text('preview.unknown')}</p>;
    const title = m.entity(grid.entityTypeId)?.displayName ?? grid.id;
    return (
      <div>
        <ScreenHeading>{title}</ScreenHeading>
        <DataGrid gridId={grid.id} caption={`${title} records`} onOpenForm={() => undefined} />
      </div>
    );
  }
  const route = m.routes.find((r) => r.id === target.id);
  if (!route) return <p>{m.text('preview.unknown')}</p>;
  const viewer: Viewer = { signedIn: true, context };
  const refused = refusedRoute(m.routes, route, viewer);
  if (refused) {
    const to = m.routes.find((r) => r.id === refused)?.displayName ?? refused;
    return <div className="usa-alert usa-alert--warning usa-alert--slim"><div className="usa-alert__body"><p className="usa-alert__text">{m.text('preview.refused', { route: route.displayName ?? route.id, to })}</p></div></div>;
  }
  if (m.routes.some((r) => r.parent === route.id && shown.has(r.id))) {
    return <ContainerView route={route} sections={menuRoutes(m.routes, route.id, viewer, (r) => shown.has(r.id))} onRoute={onRoute} />;
  }
  return <RouteScreen route={route} />;
}

/**
 * The framed preview: the given metadata (the drafts applied) and the role's rule user stand in for
 * the running ones inside it, so menus, route rules, form rules and grid row actions follow the role.
 */
export function PreviewFrame({ user, label, shown, target, onRoute }: {
  user: RuleUser;
  label: string;
  shown: ReadonlySet<string>;
  target: PreviewTarget | null;
  onRoute: (id: string) => void;
}) {
  const m = useMetadata();
  const key = useMemo(() => JSON.stringify(target), [target]);
  const [client] = useState(previewQueryClient);
  return (
    <section className="metadata-preview__frame" aria-label={label}>
      <p className="metadata-preview__label">{label}</p>
      <QueryClientProvider client={client}>
        <RuleUserOverrideContext.Provider value={user}>
          <PreviewMenu shown={shown} current={target?.kind === 'route' ? target.id : null} onRoute={onRoute} />
          <div className="metadata-preview__screen">
            <NestedScreens>
              <PreviewBoundary key={key} message={m.text('preview.failed')}>
                {target ? <TargetView target={target} shown={shown} onRoute={onRoute} /> : <p>{m.text('preview.chooseTarget')}</p>}
              </PreviewBoundary>
            </NestedScreens>
          </div>
        </RuleUserOverrideContext.Provider>
      </QueryClientProvider>
    </section>
  );
}
