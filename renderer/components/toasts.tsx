import { createContext, useCallback, useContext, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';

/** A link in a toast: the toasts sit outside the router, so the screen that shows one says how to follow it. */
export interface ToastLink {
  label: string;
  href: string;
  /** follows the link inside the app (a plain click); without it the browser loads the address */
  onFollow?: () => void;
}

export interface Toast {
  type: 'success' | 'error' | 'info' | 'warning';
  title?: string;
  message: string;
  /** a toast with a link stays until it is dismissed or followed (WCAG 2.2.1: no timed-out controls) */
  link?: ToastLink;
}

interface Shown extends Toast { id: number }
interface Toasts { show: (t: Toast) => void; showError: (e: unknown) => void }

const ToastContext = createContext<Toasts | null>(null);
const TOAST_MS = 8000;

export function useToasts(): Toasts {
  const t = useContext(ToastContext);
  if (!t) throw new Error('useToasts outside ToastProvider');
  return t;
}

/** Toasts in a live region; API errors follow spec part 1 section 8 (401 nothing, 403 access, else 'Error'). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const m = useMetadata();
  const [toasts, setToasts] = useState<Shown[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((t: Toast) => {
    const id = Date.now() + Math.random();
    setToasts((all) => [...all.slice(-3), { ...t, id }]);
    if (!t.link) setTimeout(() => dismiss(id), TOAST_MS);
  }, [dismiss]);
  const value = useMemo<Toasts>(() => ({
    show,
    showError: (e) => {
      if (e instanceof ApiError && e.status === 403) return show({ type: 'error', message: m.text('error.forbidden') });
      const text = errorText(e);
      if (text !== null) show({ type: 'error', title: 'Error', message: text });
    },
  }), [show, m]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="registry-toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`usa-alert usa-alert--${t.type} usa-alert--slim registry-toast`}>
            <div className="usa-alert__body">
              {t.title && <h3 className="usa-alert__heading">{t.title}</h3>}
              <p className="usa-alert__text registry-pre-line">{t.message}</p>
              {t.link && <p className="usa-alert__text"><ToastLinkView link={t.link} onFollowed={() => dismiss(t.id)} /></p>}
              <button type="button" className="usa-button usa-button--unstyled registry-toast__close" aria-label="Dismiss message" onClick={() => dismiss(t.id)}>×</button>
            </div>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastLinkView({ link, onFollowed }: { link: ToastLink; onFollowed: () => void }) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    const plain = e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
    if (plain && link.onFollow) {
      e.preventDefault();
      link.onFollow();
    }
    onFollowed();
  };
  return <a className="usa-link" href={link.href} onClick={follow}>{link.label}</a>;
}
