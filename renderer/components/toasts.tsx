import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';

export interface Toast {
  type: 'success' | 'error' | 'info' | 'warning';
  title?: string;
  message: string;
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
    setTimeout(() => dismiss(id), TOAST_MS);
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
              <button type="button" className="usa-button usa-button--unstyled registry-toast__close" aria-label="Dismiss message" onClick={() => dismiss(t.id)}>×</button>
            </div>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
