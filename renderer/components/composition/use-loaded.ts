import { useEffect, useState, type ComponentType } from 'react';
import type { Loader } from './composition-types.js';

/** The component a loader brings (null while it loads, and when there is no loader). */
export function useLoaded<P>(load: Loader<P> | undefined): ComponentType<P> | null {
  const [loaded, setLoaded] = useState<{ load: Loader<P>; Component: ComponentType<P> } | null>(null);
  useEffect(() => {
    if (!load) return;
    let current = true;
    void load().then((Component) => { if (current) setLoaded({ load, Component }); });
    return () => { current = false; };
  }, [load]);
  return load && loaded?.load === load ? loaded.Component : null;
}
