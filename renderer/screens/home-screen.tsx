import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';

/** The public home page: welcome banner with Start Now for visitors, About and Find Training blocks (spec part 1 section 1). */
export function HomeScreen() {
  const m = useMetadata();
  const t = m.tenant;
  const session = useAtomValue(sessionAtom);
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // Start Now registers a newcomer; a visitor sent here from a signed-in page signs in and goes back there
  const start = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login/register';
  const words = { productName: t.productName, idLabel: t.idLabel, agencyWord: t.agencyWord };
  const catalog = t.links?.find((l) => l.id === 'training-catalog');
  return (
    <>
      <section className="usa-hero registry-hero" aria-label="Welcome">
        <div className="grid-container">
          <div className="usa-hero__callout">
            <h1 className="usa-hero__heading">{m.text('home.welcome', words)}</h1>
            {redirect && !session && <p role="alert">{m.text('home.signInToContinue')}</p>}
            <p>{m.text('home.intro', words)}</p>
            {session
              ? <Link className="usa-button" to="/dashboard">{m.text('home.toDashboard')}</Link>
              : <Link className="usa-button" to={start}>{m.text('home.startNow')}</Link>}
          </div>
        </div>
      </section>
      <div className="grid-container registry-promos">
        <section className="usa-card__container padding-3" aria-labelledby="home-about">
          <h2 id="home-about" className="margin-top-0">{m.text('home.aboutTitle')}</h2>
          <p>{m.text('home.aboutText', words)}</p>
          <Link className="usa-link" to="/about">{m.text('home.aboutLink')}</Link>
        </section>
        <section className="usa-card__container padding-3" aria-labelledby="home-training">
          <h2 id="home-training" className="margin-top-0">{m.text('home.trainingTitle')}</h2>
          <p>{m.text('home.trainingText', words)}</p>
          {catalog && (
            <a className="usa-link" href={catalog.href} target="_blank" rel="noreferrer">
              {m.text('home.trainingLink')}<span className="usa-sr-only"> {m.text('footer.newWindow')}</span>
            </a>
          )}
        </section>
      </div>
    </>
  );
}
