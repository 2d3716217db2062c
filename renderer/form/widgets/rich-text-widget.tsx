import { useLayoutEffect, useRef } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../../components/dialogs.js';
import { asText } from '../form-ui-options.js';
import { editorIsBlank, SAFE_HREF, safeNodes } from './rich-text-dom.js';
import { controlAria, labelIdOf } from './widget-aria.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

/** The subtype that adds the link button (spec part 9). */
export const HYPERLINKS_SUBTYPE = 'hyperlinksallowed';

interface ToolButton { command: string; labelKey: string; glyph: string; className?: string }

const BUTTONS: ToolButton[] = [
  { command: 'bold', labelKey: 'form.richText.bold', glyph: 'B', className: 'text-bold' },
  { command: 'italic', labelKey: 'form.richText.italic', glyph: 'I', className: 'text-italic' },
  { command: 'underline', labelKey: 'form.richText.underline', glyph: 'U', className: 'text-underline' },
  { command: 'insertOrderedList', labelKey: 'form.richText.orderedList', glyph: '1.' },
  { command: 'insertUnorderedList', labelKey: 'form.richText.bulletList', glyph: '•' },
];

/**
 * Rich text: a small contentEditable editor with bold, italic, underline, ordered and bullet lists,
 * and a link button only for the hyperlinksallowed subtype. The value is the editor's HTML
 * (empty when it holds no text); server HTML is copied in through an allowlist, never innerHTML.
 */
export function RichTextWidget(props: RegistryWidgetProps) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const { id, value, readonly, disabled, onChange, onBlur, onFocus } = props;
  const { element } = optionsOf(props);
  const ref = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const html = asText(value);
  const editable = !readonly && !disabled;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || emitted.current === html) return;
    el.replaceChildren(...safeNodes(html, document));
    emitted.current = html;
  }, [html]);

  const emit = () => {
    const el = ref.current;
    if (!el) return;
    const next = editorIsBlank(el) ? '' : el.innerHTML;
    emitted.current = next;
    onChange(next === '' ? undefined : next);
  };
  const run = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const addLink = async () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    const answer = await dialogs.prompt({
      title: m.text('form.richText.link'),
      message: m.text('form.richText.linkHint'),
      input: { label: m.text('form.richText.linkPrompt'), required: true, validate: (v) => SAFE_HREF.test(v.trim()), invalidMessage: m.text('form.richText.linkInvalid') },
    });
    ref.current?.focus();
    if (range && selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
    if (answer) run('createLink', answer.value.trim());
  };

  return (
    <div className={`registry-richtext${editable ? '' : ' registry-richtext--readonly'}`}>
      {editable && (
        <div className="registry-richtext__toolbar" role="toolbar" aria-label={m.text('form.richText.toolbar')} aria-controls={id}>
          {BUTTONS.map((b) => (
            <button key={b.command} type="button" className={`usa-button usa-button--outline registry-richtext__button ${b.className ?? ''}`}
              aria-label={m.text(b.labelKey)} title={m.text(b.labelKey)}
              onMouseDown={(e) => e.preventDefault()} onClick={() => run(b.command)}>
              <span aria-hidden="true">{b.glyph}</span>
            </button>
          ))}
          {element.subtype === HYPERLINKS_SUBTYPE && (
            <button type="button" className="usa-button usa-button--outline registry-richtext__button"
              onMouseDown={(e) => e.preventDefault()} onClick={() => void addLink()}>
              {m.text('form.richText.link')}
            </button>
          )}
        </div>
      )}
      <div ref={ref} id={id} className="usa-textarea registry-richtext__editor" role="textbox" aria-multiline="true"
        aria-labelledby={labelIdOf(id)} aria-readonly={editable ? undefined : true}
        aria-placeholder={editable ? m.text('form.richTextPlaceholder') : undefined}
        data-placeholder={editable ? m.text('form.richTextPlaceholder') : undefined}
        contentEditable={editable} suppressContentEditableWarning tabIndex={0}
        {...controlAria(props)}
        onInput={emit}
        onPaste={(e) => { e.preventDefault(); document.execCommand('insertText', false, e.clipboardData.getData('text/plain')); emit(); }}
        onDrop={(e) => e.preventDefault()}
        onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
    </div>
  );
}
