import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, type FormEvent } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router-dom';
import { fullPath, menuRoutes } from '../../engine/access/menu-rules.js';
import { continueTarget } from '../../engine/access/tab-steps.js';
import { useMetadata } from '../app/metadata.js';
import { completeFirstProfile, profileAtom, profileStepAtom, reloadProfile, sessionAtom } from '../app/session.js';
import { useShownRoutes } from '../app/shown-routes.js';
import { useDialogs } from '../components/dialogs.js';
import { useToasts } from '../components/toasts.js';
import { FormBody } from '../form/form-body.js';
import { useFormSession } from '../form/use-form-session.js';
import { useViewer } from '../shell/use-viewer.js';

const PERSONAL_FORM_ID = 1;
const DOM_ID = 'personal-form';

/**
 * The Personal tab (route profile-personal, user 1 / form 1): the person's names, phone and
 * address on the page, saved through the generic form endpoints. The first save of a first-time
 * person makes the notify and seed calls and goes on to the next tab with the welcome modal
 * (spec part 1 section 4). Leaving with unsaved changes asks first.
 */
export function PersonalScreen() {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const navigate = useNavigate();
  const viewer = useViewer();
  const shown = useShownRoutes();
  const signedIn = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const step = useAtomValue(profileStepAtom);
  const params = useParams();
  const ownId = signedIn?.userId ?? 0;
  const userId = params.userId && /^[0-9]+$/.test(params.userId) ? Number(params.userId) : ownId;
  const own = userId === ownId;
  const firstTime = own && step === 'first-time';
  const session = useFormSession({ formId: PERSONAL_FORM_ID, mode: 'edit', entityId: userId });
  const leaving = useRef(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && signedIn !== null && session.dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void dialogs.confirm({ title: m.text('unsaved.title'), message: m.text('unsaved.leave') }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, dialogs, m]);
  useEffect(() => {
    if (!session.dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [session.dirty]);

  const onSubmit = useCallback(async (event?: FormEvent) => {
    event?.preventDefault();
    const saved = await session.submit(async () => true);
    if (!saved) return;
    toasts.show({ type: 'success', message: m.text('profile.saved') });
    try {
      if (!firstTime) {
        if (own) await reloadProfile();
        return;
      }
      await completeFirstProfile(userId);
      const tabs = menuRoutes(m.routes, 'profile', viewer, (r) => shown.has(r.id));
      const next = continueTarget(tabs, 'profile-personal');
      leaving.current = true;
      await navigate(next ? fullPath(m.routes, next.routeId) : '/dashboard?displayWelcome=true');
    } catch (e) {
      toasts.showError(e);
    }
  }, [session, toasts, m, firstTime, own, userId, viewer, shown, navigate]);

  return (
    <section aria-labelledby="personal-heading">
      <h2 id="personal-heading">{m.text('profile.personalHeading')}</h2>
      <p>{m.text(firstTime ? 'profile.firstTimeIntro' : 'profile.personalIntro')}</p>
      {own && profile && (
        <dl className="registry-facts">
          <div><dt>{m.tenant.idLabel}</dt><dd>{profile.registryId}</dd></div>
          <div><dt>Email</dt><dd>{profile.email}<span className="usa-hint display-block">{m.text('profile.emailHint')}</span></dd></div>
        </dl>
      )}
      <FormBody session={session} domId={DOM_ID} onSubmit={(event) => void onSubmit(event)} />
      {!session.readOnly && (
        <button type="submit" form={DOM_ID} className="usa-button margin-top-2" disabled={session.busy}>
          {m.text(firstTime ? 'profile.saveAndContinue' : 'form.save')}
        </button>
      )}
    </section>
  );
}
