import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { fullPath, menuRoutes } from '../../engine/access/menu-rules.js';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom, signOut } from '../app/session.js';
import { ActiveRole } from './active-role.js';
import { FeedbackButton } from './feedback-button.js';
import { LiveBadges } from './live-badges.js';
import { EnvironmentIndicator, SiteBanners } from './site-banners.js';
import { UserMenu } from './user-menu.js';
import { useViewer } from './use-viewer.js';

/**
 * Banners, then the navigation bar: Home, the routes valid for the active role, Feedback (tn, signed
 * in), external links, Logout or 'Login | Register'; the dev/uat indicator beside the product name;
 * the Messages and Notifications links with their unread badges, outside the phone menu.
 */
export function Header({ shown }: { shown: Set<string> }) {
  const m = useMetadata();
  const viewer = useViewer();
  const session = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // a page change (a role switch landing on the dashboard, a sign-out) closes the phone menu
  const { pathname } = useLocation();
  useEffect(() => { setOpen(false); }, [pathname]);
  const entries = menuRoutes(m.routes, undefined, viewer, (r) => shown.has(r.id) && r.id !== 'login');
  const logout = () => {
    setOpen(false);
    signOut();
    void navigate('/');
  };
  return (
    <header className="usa-header usa-header--basic registry-header">
      <SiteBanners />
      <div className="registry-header__bar registry-wide">
        <div className="usa-logo registry-logo">
          <em className="usa-logo__text"><Link to="/" title="Home">{m.tenant.productName}</Link></em>
          <EnvironmentIndicator />
        </div>
        <LiveBadges />
        <ActiveRole className="registry-active-role--narrow" />
        <button type="button" className="usa-button usa-button--outline registry-menu-toggle" aria-expanded={open} aria-controls="registry-nav" onClick={() => setOpen(!open)}>{m.text('layout.menuButton')}</button>
        <nav id="registry-nav" aria-label={m.text('layout.mainMenu')} className={`registry-nav${open ? ' is-open' : ''}`}>
          <ul className="registry-nav__list">
            {entries.map((r) => (
              <li key={r.id}><NavLink className="registry-nav__link" to={fullPath(m.routes, r.id)} end={r.id === 'home'} onClick={() => setOpen(false)}>{r.displayName ?? r.id}</NavLink></li>
            ))}
            {session && m.tenant.features.Feedback && <li><FeedbackButton onOpen={() => setOpen(false)} /></li>}
            {(m.tenant.links ?? []).map((l) => (
              <li key={l.id}><a className="registry-nav__link" href={l.href} target="_blank" rel="noreferrer">{l.label}<span className="usa-sr-only"> (opens in a new window)</span></a></li>
            ))}
            {session && <li className="registry-active-role--wide"><ActiveRole className="" /></li>}
            {session
              ? <li><UserMenu /></li>
              : <li><NavLink className="registry-nav__link" to="/login" onClick={() => setOpen(false)}>Login | Register</NavLink></li>}
            {session && <li><button type="button" className="usa-button usa-button--unstyled registry-nav__link" onClick={logout}>Logout</button></li>}
          </ul>
        </nav>
      </div>
    </header>
  );
}
