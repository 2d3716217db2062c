import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView, hoverTooltip, StateEffect, StateField, type EditorState, type Extension, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { getJsonPointers, handleRefresh, jsonCompletion, jsonSchemaHover, jsonSchemaLinter, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import type { PointerProblem } from './problem-places.js';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';

/**
 * The JSON editor of a metadata document (CodeMirror 6): JSON syntax, the kind's JSON Schema for
 * completion, hover help and inline errors, and the server's problems (by JSON pointer) as inline
 * errors too, placed again on every edit so they follow the text.
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
  describedBy?: string;
}

export const JsonEditor = forwardRef<JsonEditorHandle, Props>(function JsonEditor({ value, onChange, schema, problems, label, describedBy }, ref) {
  const cm = useRef<ReactCodeMirrorRef>(null);
  const extensions = useMemo((): Extension[] => [
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
    // line numbers dark enough to read (WCAG 1.4.3); the focus ring as on the other fields
    EditorView.theme({ '.cm-gutters': { color: '#454545' }, '&.cm-focused': { outline: '0.25rem solid #2491ff' } }),
    EditorView.contentAttributes.of({ 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
  ], [schema, label, describedBy]);

  useEffect(() => {
    const view = cm.current?.view;
    if (!view) return;
    view.dispatch({ effects: setServerProblems.of(problems) });
    forceLinting(view);
  }, [problems]);

  useImperativeHandle(ref, () => ({
    goTo: (pointer) => {
      const view = cm.current?.view;
      if (!view) return;
      const range = pointerRange(view.state, pointer);
      if (range) view.dispatch({ selection: { anchor: range.from, head: range.to }, scrollIntoView: true });
      view.focus();
    },
  }), []);

  return <CodeMirror ref={cm} value={value} onChange={onChange} extensions={extensions} height="60vh" className="metadata-admin__editor" basicSetup={{ lintKeymap: true }} />;
});
