/**
 * The HTML viewer's page: one session, read-only, with the app's own timeline (waterfall, list,
 * detail) and its comparisons. No bridge, no editor, no network: everything comes from the
 * session in the page, and every string of it is shown as React text.
 */
import { useMemo, useState } from 'react';
import { SessionModel } from '../../../protocol/session.js';
import type { SessionFile } from '../../../protocol/sessionFile.js';
import { TimelinePanel } from '../features/timeline/TimelinePanel.js';
import { RecordedComparisons } from '../features/compare/RecordedComparisons.js';
import { ErrorBoundary } from '../ui/ErrorBoundary.js';
import { useTheme } from '../ui/useTheme.js';
import { useEmbeddedTimeline } from './useEmbeddedTimeline.js';

type Tab = 'timeline' | 'compare';

export function Viewer({ file }: { file: SessionFile }) {
  const [theme, toggleTheme] = useTheme();
  const [tab, setTab] = useState<Tab>('timeline');
  const model = useMemo(() => {
    const folded = new SessionModel({ lint: false });
    for (const event of file.events) folded.apply(event);
    return folded;
  }, [file]);
  const conns = useMemo(() => [...model.conns.values()], [model]);
  const client = useEmbeddedTimeline(file.events);
  const dark = theme === 'dark';

  return (
    <div className="app">
      <header className="topbar">
        <h1>MCP Lens</h1>
        <span className="status" role="status" data-testid="viewer-banner">
          Session recorded {file.createdAt} by {file.producer.name} {file.producer.version}: {file.events.length} events, read-only
        </span>
        <span className="spacer" />
        <button type="button" onClick={toggleTheme} aria-label={`Switch to ${dark ? 'light' : 'dark'} theme`}>
          {dark ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      <div className="work">
        <div className="tabs" role="tablist" aria-label="Views of the session">
          {(['timeline', 'compare'] as const).map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} className={tab === t ? 'on' : ''} onClick={() => setTab(t)}>
              {t === 'timeline' ? 'Timeline' : 'Compare flows'}
            </button>
          ))}
        </div>
        <div className="tab-body" role="tabpanel">
          <ErrorBoundary
            resetKey={tab}
            fallback={(error, reset) => (
              <div className="banner-box bad" role="alert">
                This view failed to render: {error.message}.{' '}
                <button type="button" onClick={reset}>
                  Try again
                </button>
              </div>
            )}
          >
            {tab === 'timeline' ? (
              <TimelinePanel client={client} conns={conns} live={false} inUrl={false} auth={{ events: model.authEvents }} />
            ) : (
              <RecordedComparisons model={model} />
            )}
          </ErrorBoundary>
        </div>
      </div>
    </div>
  );
}
