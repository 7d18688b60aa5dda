import { lazy, Suspense } from 'react';
import type { MonacoJsonEditorProps } from './MonacoJsonEditor.js';

const load = () => import('./MonacoJsonEditor.js');
let loading: ReturnType<typeof load> | undefined;

/**
 * Fetches the editor (once) ahead of need. Monaco is the largest part of the app (about 4 MB),
 * so the app calls this when idle after its first paint: the log paints first, and the first
 * JSON tab opens without waiting on the download, nor on the JSON language behind it.
 */
export function preloadJsonEditor(): Promise<unknown> {
  loading ??= load();
  return loading.then((module) => module.warmUp());
}

const MonacoJsonEditor = lazy(() => (loading ??= load()));

/** The JSON editor, shown once its chunk is in (see preloadJsonEditor). */
export function JsonEditor(props: MonacoJsonEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="status" role="status">
          Loading the editor…
        </div>
      }
    >
      <MonacoJsonEditor {...props} />
    </Suspense>
  );
}
