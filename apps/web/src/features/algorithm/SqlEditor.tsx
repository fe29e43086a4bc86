import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { ALGORITHM_TEXT as T } from '@zg/contract';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { completionsFor, offsetOf, type TextPlace, type WarehouseTableInfo } from './algorithm.logic';

/** What the editor marks: the checker's or PostgreSQL's message at its line and column. */
export interface SqlMark {
  place: TextPlace;
  message: string;
}

export interface SqlEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** The warehouse's tables and fields, completed as the user types (Ctrl+空格 asks for them). */
  tables?: WarehouseTableInfo[];
  mark?: SqlMark | null;
  /** Ctrl+Enter (⌘+Enter). */
  onRun?: () => void;
  label: string;
  minHeight?: number;
}

/**
 * CodeMirror 6 with the PostgreSQL dialect: highlighting, keywords, and the warehouse's tables and fields with their
 * Chinese names. Loaded on its own (React.lazy) so that no other page downloads the editor. Tab leaves the editor
 * (no indentWithTab), so the page stays usable from the keyboard.
 */
export default function SqlEditor({
  value,
  onChange,
  readOnly = false,
  tables = [],
  mark,
  onRun,
  label,
  minHeight = 220,
}: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onRun, tables });
  latest.current = { onChange, onRun, tables };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; value and mark follow below.
  useEffect(() => {
    if (!host.current) return;
    const lang = sql({ dialect: PostgreSQL, upperCaseKeywords: false });
    const warehouse = (context: CompletionContext): CompletionResult | null => {
      const word = context.matchBefore(/[:A-Za-z_][A-Za-z0-9_]*|\.|:/);
      if (!word && !context.explicit) return null;
      const line = context.state.doc.lineAt(context.pos);
      const before = line.text.slice(0, context.pos - line.from);
      const options = completionsFor(latest.current.tables, before, context.state.doc.toString());
      const typed = /[A-Za-z_][A-Za-z0-9_]*$/.exec(before)?.[0] ?? '';
      if (!options.length) return null;
      return {
        from: context.pos - typed.length,
        options: options.map((o) => ({
          label: o.label,
          type: o.type === 'field' ? 'property' : o.type,
          detail: o.detail,
        })),
        validFor: /^[A-Za-z0-9_]*$/,
      };
    };
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          lang,
          lang.language.data.of({ autocomplete: warehouse }),
          lintGutter(),
          placeholder(T.sqlPlaceholder),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                latest.current.onRun?.();
                return true;
              },
            },
          ]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange?.(u.state.doc.toString());
          }),
          EditorView.theme({
            '&': { minHeight: `${minHeight}px`, border: '1px solid #d9d9d9', borderRadius: '6px', fontSize: '13px' },
            '&.cm-focused': { outline: '2px solid #1677ff33', borderColor: '#1677ff' },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
            '.cm-content, .cm-gutter': { minHeight: `${minHeight}px` },
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  // A text set from outside (another algorithm, a version) replaces the editor's.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const diagnostics: Diagnostic[] = [];
    if (mark) {
      const text = v.state.doc.toString();
      const from = offsetOf(text, mark.place);
      const line = v.state.doc.lineAt(from);
      diagnostics.push({ from, to: Math.max(from, line.to), severity: 'error', message: mark.message });
    }
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [mark]);

  return <div ref={host} className="zg-sql-editor" data-testid="sql-editor" />;
}
