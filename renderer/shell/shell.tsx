import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { api } from '../app/api-client.js';
import { profileAtom, sessionAtom, type Profile } from '../app/session.js';
import { SessionWatcher } from '../app/session-watcher.js';
import { ShownRoutesContext } from '../app/shown-routes.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { RouteGuard } from './route-guard.js';

/** The frame of every page: skip link, header with navigation, the guarded screen, footer. */
export function Shell({ shown }: { shown: Set<string> }) {
  const session = useAtomValue(sessionAtom);
  const [profile, setProfile] = useAtom(profileAtom);
  useEffect(() => {
    if (session && !profile) api<Profile>('GET', '/accounts').then(setProfile, () => undefined);
  }, [session, profile, setProfile]);
  return (
    <ShownRoutesContext.Provider value={shown}>
      <a className="usa-skipnav" href="#main-content">Skip to main content</a>
      <Header shown={shown} />
      <main id="main-content" className="registry-main" tabIndex={-1}>
        <RouteGuard shown={shown}>
          <Outlet />
        </RouteGuard>
      </main>
      <Footer />
      <SessionWatcher />
    </ShownRoutesContext.Provider>
  );
}
