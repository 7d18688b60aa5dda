/**
 * Monaco as a JSON editor, loaded in its own chunk (see JsonEditor.tsx). It uses the bundled
 * copy (monaco.ts: the JSON language only), never a CDN, and validates against the given JSON
 * Schema with completion.
 */
import { useEffect, useRef } from 'react';
import { Editor, loader, type OnMount } from '@monaco-editor/react';
import { monaco } from './monaco.js';

loader.config({ monaco });

/**
 * Does ahead of need what makes a first editor slow: the JSON language (a chunk of its own)
 * and the editor's services, which start with the first editor created. This one is never shown.
 */
export function warmUp(): void {
  const model = monaco.editor.createModel('{}', 'json');
  const editor = monaco.editor.create(document.createElement('div'), { model, minimap: { enabled: false } });
  editor.dispose();
  model.dispose();
}

export interface MonacoJsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** The schema the text is checked against (and completed from). */
  schema?: unknown;
  /** Unique per editor: schemas are matched to models by path. */
  path: string;
  height?: number | string;
  dark: boolean;
  label: string;
}

const schemas = new Map<string, unknown>();

function applySchemas(): void {
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [...schemas.entries()].map(([path, schema]) => ({
      uri: `inmemory://schema/${encodeURIComponent(path)}`,
      fileMatch: [path],
      schema,
    })),
  });
}

/**
 * The model's file name for a path. The editor parses it as a URI: a tool named `my tool<x>:y`
 * would read as an invalid scheme and the editor would not open. Only URI-safe characters are
 * kept, with a hash of the whole path so two paths never share a model.
 */
export function modelFileName(path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
  const safe = path.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
  return `${safe}-${(hash >>> 0).toString(16).padStart(8, '0')}.json`;
}

export default function MonacoJsonEditor({ value, onChange, schema, path, height = 260, dark, label }: MonacoJsonEditorProps) {
  const fileName = modelFileName(path);
  const editorRef = useRef<Parameters<OnMount>[0] | undefined>(undefined);
  useEffect(() => {
    if (schema === undefined) schemas.delete(fileName);
    else schemas.set(fileName, schema);
    applySchemas();
    return () => {
      schemas.delete(fileName);
      applySchemas();
    };
  }, [fileName, schema]);

  return (
    <div className="monaco-frame" data-testid="json-editor" aria-label={label}>
      <Editor
        height={height}
        language="json"
        path={fileName}
        value={value}
        theme={dark ? 'vs-dark' : 'vs'}
        onChange={(text) => onChange(text ?? '')}
        onMount={(editor) => {
          editorRef.current = editor;
          editor.getDomNode()?.setAttribute('aria-label', label);
        }}
        options={{
          minimap: { enabled: false },
          fontSize: 12,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          tabSize: 2,
          // Nothing is typed for the user: auto-closed brackets and quotes corrupt pasted and
          // quickly typed JSON, a top complaint about other inspectors' editors.
          autoClosingBrackets: 'never',
          autoClosingQuotes: 'never',
          autoSurround: 'never',
          autoIndent: 'none',
          formatOnType: false,
          // Tab moves focus out of the editor when pressed twice, so keyboard users are not trapped.
          tabFocusMode: false,
          ariaLabel: label,
        }}
      />
    </div>
  );
}
