/**
 * The part of Monaco the JSON editor uses: the editor core and its features, and the JSON
 * language with its worker. The package's main entry would also bundle every other language and
 * the TypeScript, CSS and HTML workers (about 9 MB of dist/) that nothing here can use. Bundled,
 * never fetched from a CDN (MonacoJsonEditor passes this copy to @monaco-editor/react).
 */
import * as api from 'monaco-editor/editor/editor.api';
import * as json from 'monaco-editor/languages/features/json/register';
// The editor's features and the services they register. The JSON language's own chunk imports
// this module too, but services are fixed when the first editor starts: loaded only with the
// language (after an editor exists), some features would find their services missing.
import 'monaco-editor/internal/common/workers';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

/** What `import * as monaco from 'monaco-editor'` gives, limited to the editor API and `json`. */
export const monaco = { ...api, json };
