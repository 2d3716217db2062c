import { getSchema } from '@tiptap/react';
import { DOMParser as SchemaParser, DOMSerializer } from '@tiptap/pm/model';
import { useLayoutEffect, useMemo, useRef, type HTMLAttributes } from 'react';
import { richTextExtensions } from './rich-text-extensions.js';

/**
 * Stored rich text shown through the editor's schema, never as raw HTML: the string is parsed in
 * an inert document (no script runs, nothing loads), read into the schema (what the toolbar
 * cannot make is dropped) and written out as fresh nodes. Links are kept and open in a new tab.
 */
export function RichTextView({ html, ...attributes }: { html: string } & HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const schema = useMemo(() => getSchema(richTextExtensions(true)), []);
  useLayoutEffect(() => {
    const inert = new window.DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
    const doc = SchemaParser.fromSchema(schema).parse(inert);
    ref.current?.replaceChildren(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  }, [html, schema]);
  return <div ref={ref} {...attributes} />;
}
