import { useEffect, useMemo, useRef, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { CompositionContext } from '../components/composition/composition-context.js';
import { DialogProvider } from '../components/dialogs.js';
import { ToastProvider } from '../components/toasts.js';
import { loadSiteConfig, SiteConfigContext, type SiteConfig } from '../shell/site-config.js';
import { SplashPage } from '../shell/splash-page.js';
import { loadMetadata, MetadataContext, reloadMetadataIfChanged, type MetadataIndex } from './metadata.js';
import { COMPOSITION } from './composition.js';
import { queryClient } from './query-client.js';
import { buildRouter } from './router.js';
import { useAnyUnsavedEdits } from './unsaved-edits.js';

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
  // the router is built again only when the routes change; other metadata reaches the screens through the context
  const latest = useRef(metadata);
  latest.current = metadata;
  // nor while a screen holds unsaved edits (a new router mounts every screen afresh): once they are saved or left
  const unsaved = useAnyUnsavedEdits();
  const liveRoutesKey = metadata ? JSON.stringify(metadata.routes) : null;
  const [routesKey, setRoutesKey] = useState(liveRoutesKey);
  useEffect(() => { if (!unsaved) setRoutesKey(liveRoutesKey); }, [liveRoutesKey, unsaved]);
  const router = useMemo(() => (latest.current && routesKey && site && !closed ? buildRouter(latest.current) : null), [routesKey, site, closed]);
  useEffect(() => {
    if (!router) return;
    // a published metadata version reaches the browser on its next navigation (304 while unchanged)
    let at = router.state.location.key;
    const unsubscribe = router.subscribe((state) => {
      if (state.navigation.state !== 'idle' || state.location.key === at) return;
      at = state.location.key;
      reloadMetadataIfChanged().then((m) => { if (m) setMetadata(m); }, () => undefined);
    });
    return unsubscribe;
  }, [router]);
  const previous = useRef(router);
  useEffect(() => {
    if (previous.current && previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);
  if (failed) return <main className="grid-container padding-4"><h1>The registry is not available</h1><p>Please try again in a few minutes.</p></main>;
  if (metadata && closed) {
    return <MetadataContext.Provider value={metadata}><SplashPage kind={site.SplashScreen === 'True' ? 'closed' : 'test-closed'} /></MetadataContext.Provider>;
  }
  if (!metadata || !site || !router) return <main className="grid-container padding-4"><p role="status">Loading…</p></main>;
  return (
    <MetadataContext.Provider value={metadata}>
      <SiteConfigContext.Provider value={site}>
        <CompositionContext.Provider value={COMPOSITION}>
          <ToastProvider>
            <DialogProvider>
              <QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>
            </DialogProvider>
          </ToastProvider>
        </CompositionContext.Provider>
      </SiteConfigContext.Provider>
    </MetadataContext.Provider>
  );
}
