import { lazy, Suspense } from 'react';
import type { MonacoJsonEditorProps } from './MonacoJsonEditor.js';

const load = () => import('./MonacoJsonEditor.js');
let loading: ReturnType<typeof load> | undefined;

/**
 * Loads the editor (once) ahead of need. Monaco is the largest part of the app (about 4 MB, and
 * about 1.5 s of CPU to compile and start here), so it waits until someone is about to edit
 * arguments (ArgsEditor), then for an idle moment: a page that only watches the timeline or
 * compares flows never pays for it, and the first JSON tab opens without waiting on it.
 */
export function preloadJsonEditor(): Promise<unknown> {
  loading ??= load();
  return loading.then((module) => module.warmUp());
}

/** preloadJsonEditor once the page is idle (or after 10 s of a page kept busy, by a flood say). */
export function preloadJsonEditorWhenIdle(): void {
  if (loading) return;
  const task = (): void => void preloadJsonEditor().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 0);
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
