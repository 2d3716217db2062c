import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DialogProvider } from '../components/dialogs.js';
import { ToastProvider } from '../components/toasts.js';
import { loadSiteConfig, SiteConfigContext, type SiteConfig } from '../shell/site-config.js';
import { SplashPage } from '../shell/splash-page.js';
import { loadMetadata, MetadataContext, type MetadataIndex } from './metadata.js';
import { buildRouter } from './router.js';

/**
 * Loads the tenant's metadata and the public configuration, then builds the router and the
 * providers every screen uses; when SplashScreen closes the site, its page replaces the application.
 */
export function Root() {
  const [metadata, setMetadata] = useState<MetadataIndex | null>(null);
  const [site, setSite] = useState<SiteConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadMetadata().then((m) => {
      document.title = m.tenant.productName;
      setMetadata(m);
    }, () => setFailed(true));
    void loadSiteConfig().then(setSite);
  }, []);
  const closed = site?.SplashScreen === 'True' || site?.SplashScreen === 'TestSiteClosed';
  const router = useMemo(() => (metadata && site && !closed ? buildRouter(metadata) : null), [metadata, site, closed]);
  if (failed) return <main className="grid-container padding-4"><h1>The registry is not available</h1><p>Please try again in a few minutes.</p></main>;
  if (metadata && closed) {
    return <MetadataContext.Provider value={metadata}><SplashPage kind={site.SplashScreen === 'True' ? 'closed' : 'test-closed'} /></MetadataContext.Provider>;
  }
  if (!metadata || !site || !router) return <main className="grid-container padding-4"><p role="status">Loading…</p></main>;
  return (
    <MetadataContext.Provider value={metadata}>
      <SiteConfigContext.Provider value={site}>
        <ToastProvider>
          <DialogProvider>
            <RouterProvider router={router} />
          </DialogProvider>
        </ToastProvider>
      </SiteConfigContext.Provider>
    </MetadataContext.Provider>
  );
}
