import { useEffect } from 'react';
import { useMetadata } from '../app/metadata.js';

/** The maintenance page (SplashScreen True) or the test-site-closed page (TestSiteClosed): the whole application. */
export function SplashPage({ kind }: { kind: 'closed' | 'test-closed' }) {
  const m = useMetadata();
  const params = { productName: m.tenant.productName };
  const title = m.text(kind === 'closed' ? 'splash.closedTitle' : 'splash.testClosedTitle', params);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const email = m.tenant.support?.email;
  return (
    <main id="main-content" className="grid-container padding-y-6 registry-splash">
      <h1>{title}</h1>
      <p>{m.text(kind === 'closed' ? 'splash.closedText' : 'splash.testClosedText', params)}</p>
      {email && <p>{m.text('splash.contact')} <a className="usa-link" href={`mailto:${email}`}>{email}</a>.</p>}
    </main>
  );
}
