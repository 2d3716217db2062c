import { useAtom, useAtomValue } from 'jotai';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { Route } from '../../engine/metadata/app-schema.js';
import { fullPath, menuRoutes } from '../../engine/access/menu-rules.js';
import { FIRST_TIME_ROUTE } from '../../engine/access/route-guard.js';
import { continueTarget, stepAfterContinue, visibleTabs } from '../../engine/access/tab-steps.js';
import { useMetadata } from '../app/metadata.js';
import { firstProfileStepAtom, profileStepAtom } from '../app/session.js';
import { useShownRoutes } from '../app/shown-routes.js';
import { useViewer } from '../shell/use-viewer.js';
import { NestedScreens } from './screen-heading.js';
import { WelcomeModal } from './welcome-modal.js';

/**
 * A tab bar built from the child routes (display name, sequence) with the chosen tab below and,
 * when the screen asks for it, a Continue button to the next tab. The tabs holding the first-time
 * route (the profile) follow the first-profile flow: other tabs stay hidden until it ends.
 */
export function TabsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const viewer = useViewer();
  const shown = useShownRoutes();
  const location = useLocation();
  const navigate = useNavigate();
  const holdsFirstProfile = m.routes.some((r) => r.id === FIRST_TIME_ROUTE && r.parent === route.id);
  const profileStep = useAtomValue(profileStepAtom);
  const [flowStep, setFlowStep] = useAtom(firstProfileStepAtom);
  const step = holdsFirstProfile ? profileStep : null;
  const allTabs = menuRoutes(m.routes, route.id, { ...viewer }, (r) => shown.has(r.id));
  const tabs = visibleTabs(allTabs, step);
  const base = fullPath(m.routes, route.id);
  const first = tabs[0];
  const here = location.pathname.replace(/\/$/, '');
  if (first && here === base) return <Navigate to={fullPath(m.routes, first.id)} replace />;
  const current = allTabs.find((t) => here === fullPath(m.routes, t.id) || here.startsWith(`${fullPath(m.routes, t.id)}/`));
  const target = route.screen?.kind === 'tabs' && route.screen.continueButtons && current && step !== 'first-time' ? continueTarget(allTabs, current.id) : null;
  const targetRoute = target ? m.routes.find((r) => r.id === target.routeId) : undefined;
  const label = target?.kind === 'route' ? m.text('profile.continueTo', { name: targetRoute?.displayName ?? target.routeId }) : m.text('profile.continue');
  const onContinue = () => {
    if (!target || !current) return;
    if (holdsFirstProfile) setFlowStep(stepAfterContinue(allTabs, current.id, flowStep));
    void navigate(fullPath(m.routes, target.routeId));
  };
  return (
    <div>
      <h1>{route.displayName ?? route.id}</h1>
      <nav aria-label={`${route.displayName ?? route.id} sections`} className="registry-tabs">
        <ul className="registry-tabs__list">
          {tabs.map((t) => (
            <li key={t.id}><NavLink className={({ isActive }) => `registry-tabs__tab${isActive ? ' is-active' : ''}`} to={fullPath(m.routes, t.id)}>{t.displayName ?? t.id}</NavLink></li>
          ))}
        </ul>
      </nav>
      <NestedScreens><Outlet /></NestedScreens>
      {target && (
        <div className="registry-tabs__continue">
          <button type="button" className="usa-button" onClick={onContinue}>{label}</button>
        </div>
      )}
      {step === 'welcome' && <WelcomeModal message={m.text('welcome.firstProfile')} onClose={() => setFlowStep('next-step')} />}
    </div>
  );
}
