import { getDefaultStore, useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDialogs } from '../components/dialogs.js';
import { Modal } from '../components/modal.js';
import { currentLiveHub } from './live-hub.js';
import { useMetadata } from './metadata.js';
import { refreshSession, sessionAtom, signOut } from './session.js';

const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * The session clock of spec part 1 section 4: every few seconds (5 by default) the token is
 * checked; an expired token or idleness (15 minutes by default) signs out with 'Session Expired';
 * an active person past the refresh time gets a new token from the heartbeat. A warning with
 * 'Stay signed in' comes before the idle sign-out (WCAG 2.2.1); the hub hears that the app went
 * idle when the warning shows, and active again on 'Stay signed in'. Timing comes from GET /api/metadata.
 */
export function SessionWatcher() {
  const m = useMetadata();
  const { idleSeconds, warningSeconds, checkSeconds } = m.session;
  const session = useAtomValue(sessionAtom);
  const signedIn = session !== null;
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const lastActivity = useRef(Date.now());
  const refreshing = useRef(false);
  const [warningUntil, setWarningUntil] = useState<number | null>(null);
  const warningShown = useRef(false);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    warningShown.current = false;
    setWarningUntil(null);
    void currentLiveHub()?.reportIdle(false);
  }, []);

  const expire = useCallback(() => {
    warningShown.current = false;
    setWarningUntil(null);
    signOut();
    void navigate('/');
    void dialogs.alert({ title: m.text('session.expiredTitle'), message: m.text('session.expired') });
  }, [dialogs, m, navigate]);
  const expireRef = useRef(expire);
  useEffect(() => { expireRef.current = expire; }, [expire]);

  useEffect(() => {
    if (!signedIn) return undefined;
    lastActivity.current = Date.now();
    const onActivity = () => { if (!warningShown.current) lastActivity.current = Date.now(); };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    const tick = () => {
      const current = getDefaultStore().get(sessionAtom);
      if (!current) return;
      const now = Date.now();
      const idle = now - lastActivity.current;
      if (now >= current.expiresAt || idle >= idleSeconds * 1000) return expireRef.current();
      if (idle >= (idleSeconds - warningSeconds) * 1000) {
        if (!warningShown.current) {
          warningShown.current = true;
          setWarningUntil(lastActivity.current + idleSeconds * 1000);
          // the app went idle: the idle status call (docs/decisions.md, issue 12)
          void currentLiveHub()?.reportIdle(true);
        }
        return undefined;
      }
      if (now >= current.refreshAt && !refreshing.current) {
        refreshing.current = true;
        refreshSession().catch(() => undefined).finally(() => { refreshing.current = false; });
      }
      return undefined;
    };
    const timer = window.setInterval(tick, checkSeconds * 1000);
    return () => {
      window.clearInterval(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [signedIn, idleSeconds, warningSeconds, checkSeconds]);

  if (!signedIn || warningUntil === null) return null;
  return <IdleWarning until={warningUntil} onStay={stay} />;
}

function IdleWarning({ until, onStay }: { until: number; onStay: () => void }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const m = useMetadata();
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return (
    <Modal title={m.text('session.warningTitle')} open onClose={onStay}
      footer={<li className="usa-button-group__item"><button type="button" className="usa-button" onClick={onStay}>{m.text('session.stay')}</button></li>}>
      <p className="usa-prose">{m.text('session.warning', { seconds })}</p>
    </Modal>
  );
}
