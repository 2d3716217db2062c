import { useEffect, useState } from 'react';

interface Health {
  status: string;
  tenant: string;
}

/** Placeholder shell until the renderer issue: shows that the API answers. */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    fetch('/api/health').then((r) => r.json() as Promise<Health>).then(setHealth, () => setHealth(null));
  }, []);
  return (
    <main>
      <h1>Early Childhood Professional Registry</h1>
      <p role="status">{health ? `Service ${health.status} (tenant ${health.tenant}).` : 'Connecting to the service…'}</p>
    </main>
  );
}
