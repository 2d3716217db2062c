import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { basicSetup, EditorState, EditorView, hoverTooltip, StateEffect, StateField, type Extension } from '@uiw/react-codemirror';
import { getJsonPointers, handleRefresh, jsonCompletion, jsonSchemaHover, jsonSchemaLinter, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import type { PointerProblem } from './problem-places.js';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/**
 * The JSON editor of a metadata document (CodeMirror 6): JSON syntax, the kind's JSON Schema for
 * completion, hover help and inline errors, and the server's problems (by JSON pointer) as inline
 * errors too, placed again on every edit so they follow the text. The editor lives in a shadow
 * root: there CodeMirror's styles go into a constructed style sheet, which the page's
 * Content-Security-Policy (style-src 'self', no inline <style>) allows.
 */


const setServerProblems = StateEffect.define<PointerProblem[]>();
const serverProblems = StateField.define<PointerProblem[]>({
  create: () => [],
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setServerProblems) ? e.value : v), value),
});

/** Where a pointer's value (or key) stands in the editor's text, if it is there. */
export function pointerRange(state: EditorState, pointer: string): { from: number; to: number } | null {
  const at = getJsonPointers(state, 'json4').get(pointer === '/' ? '' : pointer);
  if (!at) return null;
  return 'valueFrom' in at ? { from: at.valueFrom, to: at.valueTo } : { from: at.keyFrom, to: at.keyTo };
}

const serverLinter = linter((view) => view.state.field(serverProblems).flatMap((p): Diagnostic[] => {
  const range = pointerRange(view.state, p.pointer);
  return range ? [{ from: range.from, to: range.to, severity: 'error', source: 'registry', message: p.message }] : [];
}), { needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setServerProblems))) });

export interface JsonEditorHandle {
  /** moves the cursor to a pointer's value and focuses the editor */
  goTo: (pointer: string) => void;
}

interface Props {
  value: string;
  onChange: (text: string) => void;
  schema: unknown;
  problems: PointerProblem[];
  label: string;
}

function extensionsFor(schema: unknown, label: string, onChange: (text: string) => void): Extension[] {
  return [
    basicSetup({ lintKeymap: true }),
    json(),
    linter(jsonParseLinter(), { delay: 300 }),
    linter(jsonSchemaLinter(), { needsRefresh: handleRefresh, delay: 300 }),
    jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
    hoverTooltip(jsonSchemaHover()),
    stateExtensions((schema ?? undefined) as JSONSchema7 | undefined),
    serverProblems,
    serverLinter,
    lintGutter(),
    EditorView.lineWrapping,
    // line numbers dark enough to read (WCAG 1.4.3); the focus ring as on the other fields; the editor scrolls inside itself
    EditorView.theme({
      '&': { height: '60vh', border: '1px solid #565c65', backgroundColor: '#fff', fontSize: '0.95rem' },
      '&.cm-focused': { outline: '0.25rem solid #2491ff' },
      '.cm-scroller': { overflow: 'auto' },
      '.cm-gutters': { color: '#454545' },
    }),
    // tabindex 0 says what contenteditable already does (one tab stop), so the scrolled region counts as reachable
    EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
  ];
}

export const JsonEditor = forwardRef<JsonEditorHandle, Props>(function JsonEditor({ value, onChange, schema, problems, label }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ value, onChange, problems });
  latest.current = { value, onChange, problems };

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    root.replaceChildren(parent);
    const v = new EditorView({ root, parent, state: EditorState.create({ doc: latest.current.value, extensions: extensionsFor(schema, label, (t) => latest.current.onChange(t)) }) });
    v.dispatch({ effects: setServerProblems.of(latest.current.problems) });
    view.current = v;
    return () => { v.destroy(); view.current = null; };
  }, [schema, label]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ effects: setServerProblems.of(problems) });
    forceLinting(v);
  }, [problems]);

  useImperativeHandle(ref, () => ({
    goTo: (pointer) => {
      const v = view.current;
      if (!v) return;
      const range = pointerRange(v.state, pointer);
      if (range) v.dispatch({ selection: { anchor: range.from, head: range.to }, scrollIntoView: true });
      v.focus();
    },
  }), []);

  return <div ref={host} className="metadata-admin__editor" />;
});
