import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useMemo, useRef } from 'react';
import { LINK_ADDRESS } from '../../../engine/forms/rich-text-allow-list.js';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../../components/dialogs.js';
import { richTextExtensions } from './rich-text-extensions.js';
import { RichTextToolbar } from './rich-text-toolbar.js';
import { labelIdOf } from './widget-aria.js';

export interface RichTextEditorProps {
  id: string;
  /** the stored HTML ('' when empty) */
  value: string;
  links: boolean;
  /** aria-describedby / aria-invalid / aria-required of the field */
  aria: Record<string, string | true | undefined>;
  onChange: (html: string) => void;
  onBlur: () => void;
  onFocus: () => void;
}

/** The editor's HTML, or '' when it holds no text (an empty paragraph or list is empty). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty || editor.getText().replace(/\u00a0/g, ' ').trim() === '' ? '' : editor.getHTML();
}

/** Escape is left to the page (it closes the modal the form is in), not taken by the editor. */
const handleDOMEvents = { keydown: (_view: unknown, event: KeyboardEvent) => event.key === 'Escape' };

/**
 * The rich text editor (Tiptap): a USWDS textarea-looking editable region labelled by the field's
 * label, with the toolbar of the spec. It keeps no markup the toolbar cannot make.
 */
export function RichTextEditor({ id, value, links, aria, onChange, onBlur, onFocus }: RichTextEditorProps) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const emitted = useRef(value);
  const handlers = useRef({ onChange, onBlur, onFocus });
  handlers.current = { onChange, onBlur, onFocus };

  const placeholder = m.text('form.richTextPlaceholder');
  const ariaKey = JSON.stringify(aria);
  const attributes = useMemo(() => {
    const all: Record<string, string> = {
      id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelIdOf(id),
      'aria-placeholder': placeholder, 'data-placeholder': placeholder,
      class: 'usa-textarea registry-richtext__editor',
    };
    for (const [name, v] of Object.entries(JSON.parse(ariaKey) as Record<string, string | true | undefined>)) if (v !== undefined) all[name] = String(v);
    return all;
  }, [id, placeholder, ariaKey]);

  const editor = useEditor({
    extensions: richTextExtensions(links),
    content: value,
    injectCSS: false,
    editorProps: { attributes, handleDOMEvents },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      if (html === emitted.current) return;
      emitted.current = html;
      handlers.current.onChange(html);
    },
    onBlur: () => handlers.current.onBlur(),
    onFocus: () => handlers.current.onFocus(),
  }, [links]);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setOptions({ editorProps: { attributes, handleDOMEvents } });
  }, [editor, attributes]);

  const addLink = async () => {
    if (editor.isActive('link')) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    const answer = await dialogs.prompt({
      title: m.text('form.richText.link'),
      message: m.text('form.richText.linkHint'),
      input: { label: m.text('form.richText.linkPrompt'), required: true, validate: (v) => LINK_ADDRESS.test(v.trim()), invalidMessage: m.text('form.richText.linkInvalid') },
    });
    if (!answer || answer.button !== 'ok') {
      editor.commands.focus();
      return;
    }
    const href = answer.value.trim();
    if (editor.state.selection.empty) editor.chain().focus().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else editor.chain().focus().setLink({ href }).run();
  };

  return (
    <>
      <RichTextToolbar editor={editor} editorId={id} links={links} onLink={() => void addLink()} />
      <EditorContent editor={editor} />
    </>
  );
}
