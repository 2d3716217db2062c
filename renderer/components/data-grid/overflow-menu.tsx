import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  /** shown but not chosen: why it is not available */
  disabledReason?: string;
}

interface OverflowMenuProps {
  /** accessible name of the button, e.g. 'More actions for Nashville State Community College' */
  label: string;
  items: MenuItem[];
  disabled?: boolean;
}

/**
 * The ellipsis menu of a row (menu button pattern): Enter, Space or ArrowDown opens it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns to the
 * button; Tab or a click elsewhere closes. The list opens in the cell, so no scroll area clips it.
 */
export function OverflowMenu({ label, items, disabled }: OverflowMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openAt = (index: number) => { setFocusIndex(index); setOpen(true); };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); openAt(0); }
    if (e.key === 'ArrowUp') { e.preventDefault(); openAt(items.length - 1); }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (e.key in moves) { e.preventDefault(); setFocusIndex(moves[e.key]!); return; }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(true); return; }
    if (e.key === 'Tab') setOpen(false);
  };

  const choose = (item: MenuItem) => {
    if (item.disabledReason !== undefined) return;
    close(true);
    item.onSelect();
  };

  return (
    <div className="data-grid__menu" ref={rootRef}>
      <button type="button" ref={buttonRef} className="usa-button usa-button--outline data-grid__action data-grid__menu-button"
        aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} disabled={disabled}
        onClick={() => (open ? close(false) : openAt(0))} onKeyDown={onButtonKey}>
        <span aria-hidden="true">⋯</span>
        <span className="usa-sr-only">{label}</span>
      </button>
      {open && (
        <ul className="data-grid__menu-list" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item, i) => (
            <li role="none" key={item.id}>
              <button type="button" role="menuitem" tabIndex={i === focusIndex ? 0 : -1} className="data-grid__menu-item"
                aria-disabled={item.disabledReason !== undefined || undefined}
                ref={(el) => { itemRefs.current[i] = el; }} onClick={() => choose(item)}>
                {item.label}
                {item.disabledReason !== undefined && <span className="data-grid__hint">{item.disabledReason}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
