import { useCallback, useEffect, useMemo, useState } from 'react';
import { SessionStore } from '../session/sessionStore.js';
import { StoreProvider, useSnapshot } from '../session/StoreContext.js';
import { takeToken } from '../session/token.js';
import { ConnectPanel } from '../features/connect/ConnectPanel.js';
import { ConnectionList } from '../features/connect/ConnectionList.js';
import { statusLine } from '../features/connect/ConnectionCard.js';
import { clearConfigs } from '../features/connect/clearConfigs.js';
import { TimelinePanel } from '../features/timeline/TimelinePanel.js';
import { ResendAction, type ResendProps } from '../features/timeline/ResendAction.js';
import { PastSessions, type Archive } from '../features/journal/PastSessions.js';
import { ToolsPanel } from '../features/tools/ToolsPanel.js';
import { ResourcesPanel } from '../features/resources/ResourcesPanel.js';
import { PromptsPanel } from '../features/prompts/PromptsPanel.js';
import { TasksPanel } from '../features/tasks/TasksPanel.js';
import { QuestionHost } from '../features/questions/QuestionHost.js';
import { CompareView } from '../features/compare/CompareView.js';
import { ExportButton } from '../features/journal/sessionFiles.js';
import {
  DropOverlay,
  OpenSessionFile,
  OpenStatus,
  useDropToOpen,
  useFileOpener,
  useViewAtStart,
} from '../features/journal/OpenSessionFile.js';
import { ExportArchiveButton } from '../features/journal/ExportArchiveButton.js';
import { ReplayPanel, ReplayStatus } from '../features/replay/ReplayPanel.js';
import { ReplayRuns } from '../features/replay/replayRuns.js';
import { useFramesTimelineClient } from '../features/journal/useFramesTimeline.js';
import { useTheme } from '../ui/useTheme.js';
import { useSidebar } from './useSidebar.js';
import { chooseActive, type ActiveChoice } from './activeConnection.js';
import { usePanelTabs } from './panelTabs.js';
import { ErrorBoundary } from '../ui/ErrorBoundary.js';
import type { SocketStatus } from '../session/bridgeSocket.js';
import { useJournalTimelineClient, useLiveTimelineClient } from '../features/timeline/useWorkerTimeline.js';
import { useFileTimelineClient } from '../features/timeline/useFileTimeline.js';
import { EventCount } from '../features/timeline/EventCount.js';
import { DEFAULT_VIEW, FRAGMENT_KEY, encodeView, withFragmentParam } from '../features/timeline/viewState.js';
import { WorkshopView } from '../features/tour/WorkshopView.js';
import { FollowerPage, followRequested } from '../features/tour/FollowerPage.js';
import { tourRequested } from '../features/tour/tourSource.js';

type Tab = 'tools' | 'resources' | 'prompts' | 'tasks' | 'timeline' | 'compare' | 'workshop';
const TABS: { id: Tab; label: string }[] = [
  { id: 'tools', label: 'Tools' },
  { id: 'resources', label: 'Resources' },
  { id: 'prompts', label: 'Prompts' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'compare', label: 'Compare flows' },
  { id: 'workshop', label: 'Workshop' },
];
const TAB_IDS = TABS.map((t) => t.id);
const ARCHIVE_TABS = ['timeline', 'compare', 'replay'] as const;

export function App() {
  const store = useMemo(() => new SessionStore(takeToken()), []);
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  return (
    <StoreProvider store={store}>
      {/* A follower link's page: the presenter's step, read-only, and nothing else. */}
      {followRequested(window.location.hash) ? <FollowerPage /> : <Shell store={store} />}
    </StoreProvider>
  );
}

function Shell({ store }: { store: SessionStore }) {
  const snapshot = useSnapshot();
  const [theme, toggleTheme] = useTheme();
  const [sidebarShown, toggleSidebar] = useSidebar();
  const [archive, setArchive] = useState<Archive | undefined>();
  const [archiveTab, setArchiveTab] = useState<'timeline' | 'compare' | 'replay'>('timeline');
  /** The file left for the live timeline (a replay's verdicts are there): one click from coming back. */
  const [left, setLeft] = useState<Archive | undefined>();
  const replays = useMemo(() => new ReplayRuns(store), [store]);
  const opener = useFileOpener(setArchive);
  const dropping = useDropToOpen(opener.open);
  useViewAtStart(
    opener,
    useCallback((path: string) => store.api(path), [store]),
  );
  const [tab, setTab] = useState<Tab>(() => (tourRequested(window.location.hash) ? 'workshop' : 'timeline'));
  // A replay's finished status is dismissed by a switch from the tabs, keys and clicks alike.
  const panelTabs = usePanelTabs(TAB_IDS, tab, (next) => switchTab(next));
  // An opened recording's views hand the focus to their panel as the live tabs do.
  const archiveTabs = usePanelTabs(ARCHIVE_TABS, archiveTab, setArchiveTab);
  const liveTimeline = useLiveTimelineClient(store);
  const [picked, setPicked] = useState<ActiveChoice['picked']>();
  const [shown, setShown] = useState<string | undefined>();
  const [readRequest, setReadRequest] = useState<{ uri: string; at: number } | undefined>();
  const refused = snapshot.status.state === 'refused';
  const connected = snapshot.conns.filter((c) => c.connected && c.status === 'running' && !c.removed);
  const activeId = chooseActive({ open: connected.map((c) => c.conn), ownLaunches: store.ownLaunches, picked, shown });
  const active = connected.find((c) => c.conn === activeId);
  // A server that exits under the panels leaves them in place, read-only: the call it was
  // answering shows what became of it, rather than the panels giving way to "connect first".
  const ended = active ? undefined : snapshot.conns.find((c) => c.conn === shown && c.connected && c.status !== 'running' && !c.removed);
  const panel = active ?? ended;
  useEffect(() => {
    if (activeId !== undefined) setShown(activeId);
  }, [activeId]);
  const dark = theme === 'dark';

  const showLiveTimeline = (): void => {
    setLeft(archive);
    setArchive(undefined);
    setTab('timeline');
  };

  /** A card's authorization steps: the live timeline's lane for its connection, the event's row open (its diagram). */
  const showAuthSteps = (conn: string, seq: number): void => {
    setArchive(undefined);
    switchTab('timeline');
    void liveTimeline.rowOf(seq).then((row) => {
      const view = {
        ...DEFAULT_VIEW,
        filter: { ...DEFAULT_VIEW.filter, kinds: ['auth' as const], conns: [conn] },
        ...(row >= 0 ? { selected: row, detail: true } : {}),
      };
      window.location.hash = withFragmentParam(window.location.hash, FRAGMENT_KEY, encodeView(view));
    });
  };

  /** Another panel chosen: a finished replay's outcome in the tab bar has been seen. */
  const switchTab = (next: Tab): void => {
    if (next !== tab) replays.dismissStatus();
    setTab(next);
  };

  const readResource = (uri: string): void => {
    setReadRequest({ uri, at: Date.now() });
    setTab('resources');
  };

  // A read-only token (a follower link opened without its `follow`, say) can only follow.
  if (snapshot.welcome?.readOnly) return <FollowerPage />;

  return (
    <div className="app">
      <header className="topbar">
        <button
          type="button"
          className="sidebar-toggle"
          onClick={toggleSidebar}
          aria-expanded={sidebarShown}
          aria-controls="sidebar"
          aria-label={sidebarShown ? 'Hide the sidebar' : 'Show the sidebar'}
          title={sidebarShown ? 'Hide the sidebar: the panels get the width' : 'Show the sidebar: connect, connections, journal'}
        >
          {sidebarShown ? '⟨' : '☰'}
        </button>
        <h1>MCP Lens</h1>
        <span className={`status ${snapshot.status.state === 'open' ? '' : 'bad'}`} data-testid="socket-status" role="status">
          {snapshot.status.state === 'open' && snapshot.backlog > 0
            ? `replaying the journal: ${snapshot.backlog} events to go`
            : statusText(snapshot.status)}
        </span>
        <span className="spacer" />
        {snapshot.welcome && <span className="status">session {snapshot.welcome.session}</span>}
        <EventCount client={liveTimeline} />
        <ExportButton store={store} session={snapshot.welcome?.session} count={snapshot.eventCount} />
        <button type="button" onClick={toggleTheme} aria-label={`Switch to ${dark ? 'light' : 'dark'} theme`}>
          {dark ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      {refused && (
        <div className="banner bad" role="alert">
          {snapshot.status.state === 'refused' && snapshot.status.reason}
        </div>
      )}
      {snapshot.journalStalled && (
        <div className="banner bad" role="alert" data-testid="journal-stalled">
          The bridge cannot write its journal since {new Date(snapshot.journalStalled.since).toLocaleTimeString()}:{' '}
          {snapshot.journalStalled.message}. Servers keep running; their events wait in the bridge&apos;s memory and appear here once the
          journal takes them again. Free some space to resume.
        </div>
      )}
      {snapshot.problems.length > 0 && (
        <div className="banner bad" role="alert">
          {snapshot.problems.at(-1)}
        </div>
      )}
      <div className={`main${sidebarShown ? '' : ' sidebar-hidden'}`}>
        {/* Hidden, not unmounted: the connect form keeps what was typed in it. */}
        <aside className="sidebar" id="sidebar" aria-label="Servers" hidden={!sidebarShown}>
          <ConnectionList
            store={store}
            conns={snapshot.conns}
            active={active?.conn}
            onSelect={(conn) => setPicked({ conn, ownLaunchesBefore: store.ownLaunches.length })}
            onShowAuth={showAuthSteps}
          />
          <h2>Connect</h2>
          <ConnectPanel store={store} welcome={snapshot.welcome} disabled={snapshot.status.state !== 'open'} />
          <h2>Journal</h2>
          <PastSessions store={store} current={snapshot.welcome?.session} onOpen={setArchive} openFile={opener.open} />
          <OpenSessionFile opener={opener} />
        </aside>
        {archive ? (
          <div className="log-pane" style={{ gridTemplateRows: 'auto auto 1fr' }}>
            <div className="banner" role="status" data-testid="archive-banner">
              Viewing past session {archive.session} (read-only
              {archive.model
                ? `, ${archive.model.events.length} events`
                : archive.count !== undefined
                  ? `, ${archive.count} events`
                  : ', read by the timeline as it is shown'}
              ){' '}
              <button type="button" onClick={() => setArchive(undefined)}>
                Back to the live session
              </button>{' '}
              {archive.model && !archive.journal && <ExportArchiveButton name={archive.session} events={archive.model.events} />}
            </div>
            <div className="tabs" role="tablist" aria-label="Views of the session">
              {ARCHIVE_TABS.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={archiveTab === t}
                  className={archiveTab === t ? 'on' : ''}
                  onClick={() => archiveTabs.open(t)}
                  onKeyDown={archiveTabs.onKeyDown}
                >
                  {t === 'timeline' ? 'Timeline' : t === 'compare' ? 'Compare flows' : 'Replay'}
                </button>
              ))}
            </div>
            <div className="tab-body" role="tabpanel" tabIndex={-1} ref={archiveTabs.panelRef}>
              {archiveTab === 'replay' ? (
                archive.model ? (
                  <ReplayPanel
                    key={archive.session}
                    runs={replays}
                    name={archive.session}
                    events={archive.model.events}
                    disabled={snapshot.status.state !== 'open'}
                    onShowTimeline={showLiveTimeline}
                  />
                ) : (
                  <p className="empty">This session is too large to fold in the page for a replay; mcp-lens replay reads any size.</p>
                )
              ) : archiveTab !== 'timeline' ? (
                archive.model ? (
                  <CompareView dark={dark} archive={archive.model} />
                ) : (
                  <p className="empty">
                    This session is too large to fold in the page for its comparisons; its timeline reads it in the background.
                  </p>
                )
              ) : archive.journal ? (
                <JournalTimeline key={archive.session} store={store} archive={archive} />
              ) : archive.frames ? (
                <FramesTimeline key={archive.session} archive={archive} frames={archive.frames} />
              ) : (
                <FileTimeline key={archive.session} archive={archive} />
              )}
            </div>
          </div>
        ) : (
          <div className="work">
            <div className="tabs" role="tablist" aria-label="Panels">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  aria-selected={tab === t.id}
                  className={tab === t.id ? 'on' : ''}
                  onClick={() => panelTabs.open(t.id)}
                  onKeyDown={panelTabs.onKeyDown}
                >
                  {t.label}
                </button>
              ))}
              <ReplayStatus runs={replays} />
              {left && (
                <button type="button" className="link" onClick={() => setArchive(left)} data-testid="back-to-archive">
                  Back to {left.session}
                </button>
              )}
              <span className="status" data-testid="active-conn">
                {active ? `on ${active.conn} (${active.connected?.flow})` : 'no open connection'}
              </span>
            </div>
            <div className="tab-body" role="tabpanel" tabIndex={-1} ref={panelTabs.panelRef}>
              <ErrorBoundary
                resetKey={`${tab}:${active?.conn ?? ''}`}
                fallback={(error, reset) => (
                  <div className="banner-box bad" role="alert">
                    This panel failed to render: {error.message}.{' '}
                    <button type="button" onClick={reset}>
                      Try again
                    </button>
                  </div>
                )}
              >
                {tab === 'timeline' && (
                  <TimelinePanel
                    client={liveTimeline}
                    conns={snapshot.conns}
                    live
                    inUrl
                    resend={resendOnLive}
                    auth={{ events: store.model.authEvents, onStep: (command) => store.authStep(command) }}
                    commandBase={{ cli: snapshot.welcome?.cli, serverCwd: snapshot.welcome?.serverCwd, clear: clearConfigs(store) }}
                  />
                )}
                {tab === 'compare' && <CompareView dark={dark} />}
                {tab === 'workshop' && <WorkshopView />}
                {(tab === 'tools' || tab === 'resources' || tab === 'prompts' || tab === 'tasks') && !panel && (
                  <p className="empty">Connect to a server first: its tools, resources, prompts and tasks show up here.</p>
                )}
                {(tab === 'tools' || tab === 'resources' || tab === 'prompts' || tab === 'tasks') && ended && (
                  <div className="banner-box warn" role="status" data-testid="panel-ended">
                    {ended.label ?? ended.conn} {statusLine(ended)}: what it answered is shown as it ended; connect again to call it.
                  </div>
                )}
                {tab === 'tools' && panel && <ToolsPanel key={panel.conn} info={panel} dark={dark} onReadResource={readResource} />}
                {tab === 'resources' && panel && <ResourcesPanel key={panel.conn} info={panel} dark={dark} readRequest={readRequest} />}
                {tab === 'prompts' && panel && <PromptsPanel key={panel.conn} info={panel} dark={dark} />}
                {tab === 'tasks' && panel && <TasksPanel key={panel.conn} info={panel} timeline={liveTimeline} />}
              </ErrorBoundary>
            </div>
          </div>
        )}
      </div>
      <QuestionHost />
      <OpenStatus opener={opener} />
      <DropOverlay shown={dropping} />
    </div>
  );
}

/** An earlier session from the sidebar: the worker reads its journal from the bridge. */
function JournalTimeline({ store, archive }: { store: SessionStore; archive: Archive }) {
  const client = useJournalTimelineClient(store, archive.session);
  // Without the folded model (a large journal) connections go by their ids.
  const conns = useMemo(() => [...(archive.model?.conns.values() ?? [])], [archive]);
  return <TimelinePanel client={client} conns={conns} live={false} inUrl={false} auth={{ events: archive.model?.authEvents }} />;
}

/** A session file opened from disk: its events go to a worker of their own. */
function FileTimeline({ archive }: { archive: Archive }) {
  const events = useMemo(() => archive.model?.events ?? [], [archive]);
  const client = useFileTimelineClient(events, archive.session);
  const conns = useMemo(() => [...(archive.model?.conns.values() ?? [])], [archive]);
  return <TimelinePanel client={client} conns={conns} live={false} inUrl={false} auth={{ events: archive.model?.authEvents }} />;
}

/** A file opened from disk by the opener: its frames go to a worker of their own. */
function FramesTimeline({ archive, frames }: { archive: Archive; frames: readonly string[] }) {
  const client = useFramesTimelineClient(frames, archive.session);
  const conns = useMemo(() => [...(archive.conns ?? archive.model?.conns.values() ?? [])], [archive]);
  return <TimelinePanel client={client} conns={conns} live={false} inUrl={false} auth={{ events: archive.model?.authEvents }} />;
}

function statusText(status: SocketStatus): string {
  switch (status.state) {
    case 'open':
      return 'bridge connected';
    case 'connecting':
      return status.attempt > 1 ? `reconnecting (attempt ${status.attempt})…` : 'connecting to the bridge…';
    case 'waiting':
      return `${status.reason}; retrying in ${Math.round(status.retryInMs / 100) / 10} s`;
    case 'refused':
      return 'not connected';
  }
}

/** The live timeline's "Edit and resend": sends on the session's own connections. */
function resendOnLive(p: ResendProps) {
  return <ResendAction {...p} />;
}
