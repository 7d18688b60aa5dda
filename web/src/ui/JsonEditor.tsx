import { lazy, Suspense } from 'react';
import type { MonacoJsonEditorProps } from './MonacoJsonEditor.js';

const MonacoJsonEditor = lazy(() => import('./MonacoJsonEditor.js'));

/** The JSON editor, fetched only when first shown so the log paints before Monaco loads. */
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
