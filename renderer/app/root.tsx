import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DialogProvider } from '../components/dialogs.js';
import { ToastProvider } from '../components/toasts.js';
import { loadMetadata, MetadataContext, type MetadataIndex } from './metadata.js';
import { buildRouter } from './router.js';

/** Loads the tenant's metadata, then builds the router and the providers every screen uses. */
export function Root() {
  const [metadata, setMetadata] = useState<MetadataIndex | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadMetadata().then((m) => {
      document.title = m.tenant.productName;
      setMetadata(m);
    }, () => setFailed(true));
  }, []);
  const router = useMemo(() => (metadata ? buildRouter(metadata) : null), [metadata]);
  if (failed) return <main className="grid-container padding-4"><h1>The registry is not available</h1><p>Please try again in a few minutes.</p></main>;
  if (!metadata || !router) return <main className="grid-container padding-4"><p role="status">Loading…</p></main>;
  return (
    <MetadataContext.Provider value={metadata}>
      <ToastProvider>
        <DialogProvider>
          <RouterProvider router={router} />
        </DialogProvider>
      </ToastProvider>
    </MetadataContext.Provider>
  );
}
