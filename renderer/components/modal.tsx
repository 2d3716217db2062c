import { FocusTrap } from 'focus-trap-react';
import { useEffect, useId, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useMetadata } from '../app/metadata.js';
import './modal.css';

/** The open modals, innermost last: Escape closes only the one on top (a confirm over a form). */
const openModals: symbol[] = [];

/**
 * Escape closes the top open modal wherever the focus is (also when it is on the page behind,
 * after a click on the overlay). `close` decides itself whether closing is allowed (busy, must
 * scroll, unsaved data: the form modal asks first).
 */
function useEscapeToClose(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return undefined;
    const me = Symbol('modal');
    openModals.push(me);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || openModals[openModals.length - 1] !== me) return;
      e.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(me), 1);
    };
  }, [open]);
}

export interface ModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** buttons at the bottom; a bottom Close button is added when showBottomClose */
  footer?: ReactNode;
  busy?: boolean;
  large?: boolean;
  showBottomClose?: boolean;
  /** the person must scroll to the end before the modal can be closed */
  forceScrollToEnd?: boolean;
  /** text under the body, e.g. a copyright line */
  note?: ReactNode;
}

/** A USWDS modal dialog with a focus trap, Escape to close, top (and optional bottom) close. */
export function Modal({ title, open, onClose, children, footer, busy, large, showBottomClose, forceScrollToEnd, note }: ModalProps) {
  const m = useMetadata();
  const headingId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scrolledToEnd, setScrolledToEnd] = useState(!forceScrollToEnd);
  const canClose = scrolledToEnd && !busy;
  useEscapeToClose(open, () => { if (canClose) onClose(); });
  if (!open) return null;
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 4) setScrolledToEnd(true);
  };
  return (
    <div className="usa-modal-wrapper is-visible">
      <div className="usa-modal-overlay" onClick={(e) => { if (e.target === e.currentTarget && canClose) onClose(); }}>
        <FocusTrap focusTrapOptions={{ escapeDeactivates: false, allowOutsideClick: true, fallbackFocus: () => bodyRef.current ?? document.body }}>
          <div className={`usa-modal${large ? ' usa-modal--lg' : ''}`} role="dialog" aria-modal="true" aria-labelledby={headingId} aria-busy={busy || undefined}
>
            <div className="usa-modal__content">
              <div className="usa-modal__main">
                <h2 className="usa-modal__heading" id={headingId}>{title}</h2>
                <div className="registry-modal__body" ref={bodyRef} tabIndex={-1} onScroll={forceScrollToEnd ? onScroll : undefined}>
                  {children}
                </div>
                {busy && <p className="registry-busy" role="status">Loading…</p>}
                {note && <div className="registry-modal__note">{note}</div>}
                {(footer || showBottomClose) && (
                  <div className="usa-modal__footer">
                    <ul className="usa-button-group">
                      {footer}
                      {showBottomClose && <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" disabled={!canClose} onClick={onClose}>{m.text('form.close')}</button></li>}
                    </ul>
                  </div>
                )}
              </div>
              <button type="button" className="usa-button usa-modal__close" aria-label={m.text('formsUi.closeWindow')} disabled={!canClose} onClick={onClose}>
                <span aria-hidden="true" className="registry-close-x">×</span>
              </button>
            </div>
          </div>
        </FocusTrap>
      </div>
    </div>
  );
}
