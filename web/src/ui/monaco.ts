/**
 * The part of Monaco the JSON editor uses: the editor core, the editing features a JSON editor
 * needs, and the JSON language with its worker. The package's main entry would also bundle
 * every other language and the TypeScript, CSS and HTML workers (about 9 MB of dist/) that
 * nothing here can use. Bundled, never fetched from a CDN (MonacoJsonEditor passes this copy
 * to @monaco-editor/react).
 */
import * as api from 'monaco-editor/editor/editor.api';
import * as json from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/toggleTabFocusMode/register';
import 'monaco-editor/features/unicodeHighlighter/register';
import 'monaco-editor/features/unusualLineTerminators/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
// Completion from the schema: the suggest widget's controller is not in a feature module.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

/** What `import * as monaco from 'monaco-editor'` gives, limited to the editor API and `json`. */
export const monaco = { ...api, json };
