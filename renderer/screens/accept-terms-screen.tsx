import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { termsNextPath } from '../../engine/access/route-guard.js';
import { api } from '../app/api-client.js';
import { useMetadata } from '../app/metadata.js';
import { afterTermsAccepted, pendingRouteAtom } from '../app/session.js';
import { useToasts } from '../components/toasts.js';
import { loadTermsText } from '../shell/site-config.js';
import { TermsText } from '../shell/terms-text.js';

/**
 * The updated-terms page (route accept-terms): the terms text, an accept box that can be ticked
 * once the text was read to its end, Submit. Accepting clears the terms flag, makes the notify and
 * seed calls and goes to the route the server names, or to dashboard-main when it is absent or
 * 'default', with displayWelcome=true either way (spec part 1 section 4).
 */
export function AcceptTermsScreen() {
  const m = useMetadata();
  const toasts = useToasts();
  const navigate = useNavigate();
  const setPendingRoute = useSetAtom(pendingRouteAtom);
  const { userId } = useParams();
  const termsTitle = m.tenant.termsTitle;
  const [text, setText] = useState<string | null>(null);
  const [viewed, setViewed] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = m.text('terms.updatedTitle', { termsTitle });
    loadTermsText().then(setText, (e: unknown) => toasts.showError(e));
  }, [m, termsTitle, toasts]);

  const checkEnd = useCallback(() => {
    const el = region.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 4) setViewed(true);
  }, []);
  useEffect(() => { if (text !== null) checkEnd(); }, [text, checkEnd]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!viewed || !accepted) return setError(m.text('terms.mustRead', { termsTitle }));
    setError(null);
    setBusy(true);
    try {
      const answer = await api<{ route?: string | null }>('POST', `/accounts/acceptterms?userId=${encodeURIComponent(userId ?? '')}`);
      const route = answer.route;
      setPendingRoute(route === 'profile-personal' ? route : null);
      await afterTermsAccepted(Number(userId));
      await navigate(`${termsNextPath(m.routes, route, String(userId))}?displayWelcome=true`, { replace: true });
    } catch (failure) {
      setBusy(false);
      toasts.showError(failure);
    }
  };

  return (
    <div className="grid-container padding-y-4">
      <h1>{m.text('terms.updatedTitle', { termsTitle })}</h1>
      <p>{m.text('terms.updatedIntro', { termsTitle })}</p>
      <div ref={region} className="registry-terms__text usa-prose" role="region" aria-label={m.text('terms.region', { termsTitle })} tabIndex={0} onScroll={checkEnd}>
        {text === null ? <p role="status">{m.text('terms.loading')}</p> : <TermsText text={text} />}
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
        {!viewed && <p className="usa-hint" id="terms-hint">{m.text('terms.scrollHint', { termsTitle })}</p>}
        <div className="usa-checkbox margin-y-2">
          <input className="usa-checkbox__input" id="accept-terms" type="checkbox" checked={accepted} disabled={!viewed}
            aria-describedby={viewed ? undefined : 'terms-hint'} onChange={(e) => setAccepted(e.target.checked)} />
          <label className="usa-checkbox__label" htmlFor="accept-terms">{m.text('terms.accept', { termsTitle })}</label>
        </div>
        <button type="submit" className="usa-button" disabled={busy}>{m.text('terms.submit')}</button>
      </form>
    </div>
  );
}
