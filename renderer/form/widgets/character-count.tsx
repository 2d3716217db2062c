import { useEffect, useState } from 'react';
import { characterCount } from '../../../engine/forms/field-checks.js';
import { useMetadata } from '../../app/metadata.js';
import type { controlAria } from './widget-aria.js';

/** The id of an element's character count message (named by the control's aria-describedby). */
export function characterCountId(id: string): string {
  return `${id}__count`;
}

/** aria-describedby with the character count message added. */
export function withCountDescription(aria: ReturnType<typeof controlAria>, id: string): ReturnType<typeof controlAria> {
  return { ...aria, 'aria-describedby': [aria['aria-describedby'], characterCountId(id)].filter(Boolean).join(' ') };
}

/** How long the screen reader status waits after the last keystroke (USWDS: 1 second). */
const ANNOUNCE_DELAY_MS = 1000;

function countText(text: (key: string, params?: Record<string, string | number>) => string, length: number, max: number): string {
  if (length === 0) return text('formsUi.charactersAllowed', { count: max });
  const left = max - length;
  if (left >= 0) return text(left === 1 ? 'formsUi.characterLeft' : 'formsUi.charactersLeft', { count: left });
  return text(-left === 1 ? 'formsUi.characterOverLimit' : 'formsUi.charactersOverLimit', { count: -left });
}

/**
 * The USWDS character count under a control with a maximum length: "N characters allowed",
 * "N characters left", "N characters over limit" (shown in the error colour). The visible status
 * is hidden from screen readers; a polite live region repeats it once typing pauses. The
 * control itself never cuts the text: an over-long value is refused with a message.
 */
export function CharacterCount({ id, value, max }: { id: string; value: string; max: number }) {
  const m = useMetadata();
  const length = characterCount(value);
  const message = countText((key, params) => m.text(key, params), length, max);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(message), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  const over = length > max;
  return (
    <>
      <span id={characterCountId(id)} className="usa-sr-only">{m.text('formsUi.charactersAllowed', { count: max })}</span>
      <span className={`usa-hint usa-character-count__status registry-character-count__status${over ? ' usa-character-count__status--invalid' : ''}`} aria-hidden="true">
        {message}
      </span>
      <span className="usa-sr-only usa-character-count__sr-status" aria-live="polite">{announced}</span>
    </>
  );
}
