import { useEffect, useId, useRef, type MouseEvent } from 'react';
import type { ErrorListProps, RJSFSchema } from '@rjsf/utils';
import { useMetadata } from '../../app/metadata.js';
import type { RegistryFormContext, RegistryFormData } from '../form-ui-options.js';

type Props = ErrorListProps<RegistryFormData, RJSFSchema, RegistryFormContext>;

interface SummaryItem { key: string; label: string | null; message: string; targetId: string | null }

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], button:not([disabled])';

/** Moves the focus to an element's control (the first one of a radio or checkbox group). */
function focusControl(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  event.preventDefault();
  const target = el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? el).focus();
}

function summaryItems({ errorSchema, schema, uiSchema, registry }: Props): SummaryItem[] {
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const rootErrors = errorSchema.__errors ?? [];
  const order = Array.isArray(uiSchema?.['ui:order']) ? (uiSchema['ui:order'] as unknown[]).map(String) : Object.keys(errorSchema);
  const items: SummaryItem[] = rootErrors.map((message, i) => ({ key: `form-${i}`, label: null, message, targetId: null }));
  for (const key of order) {
    const messages = errorSchema[key]?.__errors ?? [];
    const definition = schema.properties?.[key];
    const label = typeof definition === 'object' && definition.title ? definition.title : key;
    messages.forEach((message, i) => items.push({ key: `${key}-${i}`, label, message, targetId: [idPrefix, key].join(idSeparator) }));
  }
  return items;
}

/**
 * The error summary at the top of the form, shown after a submit attempt: each message links
 * to its field; the summary takes the focus once per attempt.
 */
export function ErrorListTemplate(props: Props) {
  const m = useMetadata();
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { submitAttempt, focusedAttempt } = props.registry.formContext;
  const items = summaryItems(props);
  const show = submitAttempt > 0 && items.length > 0;
  useEffect(() => {
    if (!show || focusedAttempt.current >= submitAttempt) return;
    focusedAttempt.current = submitAttempt;
    ref.current?.focus();
  }, [show, submitAttempt, focusedAttempt]);
  if (!show) return null;
  return (
    <div ref={ref} tabIndex={-1} className="usa-alert usa-alert--error registry-error-summary" aria-labelledby={headingId}>
      <div className="usa-alert__body">
        <h3 className="usa-alert__heading" id={headingId}>{m.text('form.errorSummary')}</h3>
        <ul className="usa-list usa-list--unstyled">
          {items.map((item) => (
            <li key={item.key}>
              {item.targetId
                ? <a className="usa-link" href={`#${item.targetId}`} onClick={(e) => focusControl(e, item.targetId!)}>{item.label && !item.message.startsWith(item.label) ? `${item.label}: ` : ''}{item.message}</a>
                : item.message}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
