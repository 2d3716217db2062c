import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';

/** The public About page, in the tenant's wording (product name, ID label, agency or facility). */
export function AboutScreen() {
  const m = useMetadata();
  const t = m.tenant;
  const session = useAtomValue(sessionAtom);
  const words = { productName: t.productName, idLabel: t.idLabel, agencyWord: t.agencyWord };
  const title = m.text('about.title', words);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="grid-container padding-y-4 usa-prose">
      <h1>{title}</h1>
      <p className="usa-intro">{m.text('about.intro', words)}</p>
      <p>{m.text('about.professionals', words)}</p>
      <p>{m.text('about.directors', words)}</p>
      <p>{m.text('about.staff', words)}</p>
      {!session && <Link className="usa-button" to="/login/register">{m.text('about.getStarted')}</Link>}
    </div>
  );
}
