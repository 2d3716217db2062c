import { useEditorState, type Editor } from '@tiptap/react';
import { useMetadata } from '../../app/metadata.js';

type Mark = 'bold' | 'italic' | 'underline' | 'orderedList' | 'bulletList' | 'link';

interface ToolButton { mark: Exclude<Mark, 'link'>; labelKey: string; glyph: string; className?: string; run: (editor: Editor) => void }

const BUTTONS: ToolButton[] = [
  { mark: 'bold', labelKey: 'form.richText.bold', glyph: 'B', className: 'text-bold', run: (e) => e.chain().focus().toggleBold().run() },
  { mark: 'italic', labelKey: 'form.richText.italic', glyph: 'I', className: 'text-italic', run: (e) => e.chain().focus().toggleItalic().run() },
  { mark: 'underline', labelKey: 'form.richText.underline', glyph: 'U', className: 'text-underline', run: (e) => e.chain().focus().toggleUnderline().run() },
  { mark: 'orderedList', labelKey: 'form.richText.orderedList', glyph: '1.', run: (e) => e.chain().focus().toggleOrderedList().run() },
  { mark: 'bulletList', labelKey: 'form.richText.bulletList', glyph: '•', run: (e) => e.chain().focus().toggleBulletList().run() },
];

const MARKS: Mark[] = ['bold', 'italic', 'underline', 'orderedList', 'bulletList', 'link'];

/**
 * The formatting toolbar: real buttons whose aria-pressed follows the selection; the link button
 * (hyperlinksallowed subtype only) asks for an address, or removes the link the cursor is in.
 */
export function RichTextToolbar({ editor, editorId, links, onLink }: { editor: Editor; editorId: string; links: boolean; onLink: () => void }) {
  const m = useMetadata();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(MARKS.map((mark) => [mark, !e.isDestroyed && e.isActive(mark)])) as Record<Mark, boolean>,
  });
  const keepSelection = (e: React.MouseEvent) => e.preventDefault();
  return (
    <div className="registry-richtext__toolbar" role="toolbar" aria-label={m.text('form.richText.toolbar')} aria-controls={editorId}>
      {BUTTONS.map((b) => (
        <button key={b.mark} type="button" className={`usa-button usa-button--outline registry-richtext__button ${b.className ?? ''}`}
          aria-label={m.text(b.labelKey)} title={m.text(b.labelKey)} aria-pressed={active[b.mark]}
          onMouseDown={keepSelection} onClick={() => b.run(editor)}>
          <span aria-hidden="true">{b.glyph}</span>
        </button>
      ))}
      {links && (
        <button type="button" className="usa-button usa-button--outline registry-richtext__button" aria-pressed={active.link}
          onMouseDown={keepSelection} onClick={onLink}>
          {m.text('form.richText.link')}
        </button>
      )}
    </div>
  );
}
