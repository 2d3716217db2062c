import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';

/** The public home page (the full one, with its promotional blocks, comes with the public pages). */
export function HomeScreen() {
  const m = useMetadata();
  const session = useAtomValue(sessionAtom);
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const login = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  return (
    <section className="usa-hero registry-hero" aria-label="Welcome">
      <div className="grid-container">
        <div className="usa-hero__callout">
          <h1 className="usa-hero__heading">Welcome to the {m.tenant.productName}</h1>
          {redirect && !session && <p role="alert">Please sign in to continue.</p>}
          <p>Keep your education, credentials, training and employment records in one place.</p>
          {session
            ? <Link className="usa-button" to="/dashboard">Go to your dashboard</Link>
            : <Link className="usa-button" to={login}>Start Now</Link>}
        </div>
      </div>
    </section>
  );
}
