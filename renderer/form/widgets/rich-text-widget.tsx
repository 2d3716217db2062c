import { lazy, Suspense } from 'react';
import { richTextAllowsLinks } from '../../../engine/forms/rich-text-allow-list.js';
import { asText } from '../form-ui-options.js';
import { controlAria, labelIdOf } from './widget-aria.js';
import { emptyToUndefined, optionsOf, type RegistryWidgetProps } from './widget-props.js';

// the editor library is loaded with the first rich text shown, never by pages without one
const RichTextEditor = lazy(() => import('./rich-text-editor.js').then((mod) => ({ default: mod.RichTextEditor })));
const RichTextView = lazy(() => import('./rich-text-view.js').then((mod) => ({ default: mod.RichTextView })));

/**
 * Rich text (rjsf widget): the value is HTML, empty when the editor holds no text. Editable, it is
 * the Tiptap editor with bold, italic, underline, ordered and bullet lists, and a link button only
 * for the hyperlinksallowed subtype; read-only, the stored HTML is shown through the same schema.
 */
export function RichTextWidget(props: RegistryWidgetProps) {
  const { id, value, readonly, disabled, onChange, onBlur, onFocus } = props;
  const { element } = optionsOf(props);
  const html = asText(value);
  const editable = !readonly && !disabled;
  const aria = controlAria(props);
  return (
    <div className={`registry-richtext${editable ? '' : ' registry-richtext--readonly'}`}>
      <Suspense fallback={<div className="usa-textarea registry-richtext__editor" aria-busy="true" />}>
        {editable
          ? <RichTextEditor id={id} value={html} links={richTextAllowsLinks(element)} aria={aria}
              onChange={(next) => onChange(emptyToUndefined(next))} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
          : <RichTextView html={html} id={id} className="usa-textarea registry-richtext__editor" role="textbox" aria-multiline="true"
              aria-readonly="true" aria-labelledby={labelIdOf(id)} tabIndex={0} {...aria} />}
      </Suspense>
    </div>
  );
}
