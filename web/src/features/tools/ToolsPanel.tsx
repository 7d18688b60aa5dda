import { useEffect, useState } from 'react';
import { useStore } from '../../session/StoreContext.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import { usePagedList } from '../explore/usePagedList.js';
import { ToolRunner } from './ToolRunner.js';
import { loadSelection, saveSelection } from './drafts.js';
import { displayName, hintBadges, matchesSearch, type Tool } from './toolInfo.js';

export function ToolsPanel({ info, dark, onReadResource }: { info: ConnInfo; dark: boolean; onReadResource: (uri: string) => void }) {
  const store = useStore();
  const conn = info.conn;
  const [search, setSearch] = useState('');
  const [selected, setSelectedState] = useState<string | undefined>(() => loadSelection(`tools:${conn}`));
  const setSelected = (name: string): void => {
    setSelectedState(name);
    saveSelection(`tools:${conn}`, name);
  };
  const list = usePagedList<Tool>(conn, 'tools/list', 'tools', info.connected !== undefined && info.status === 'running');
  useEffect(() => store.ensureListening(conn), [store, conn, info.connected]);

  const pages = list.data?.pages ?? [];
  const tools = pages.flatMap((p) => p.items);
  const fetchedAt = pages[0]?.fetchedAtSeq ?? Infinity;
  const stale = info.listChanged.tools > fetchedAt;
  const shown = tools.filter((t) => matchesSearch(t, search));
  const tool = tools.find((t) => t.name === selected);

  return (
    <div className="explore">
      <div className="list-pane">
        <input type="search" placeholder="Search tools" aria-label="Search tools" value={search} onChange={(e) => setSearch(e.target.value)} />
        {stale && (
          <div className="banner-box warn" role="status" data-testid="stale">
            The server says its tools changed.{' '}
            <button type="button" onClick={() => void list.refetch()}>
              Refresh
            </button>
          </div>
        )}
        {list.isPending && list.fetchStatus === 'fetching' && <p className="status">Loading tools…</p>}
        {list.error && (
          <p className="error" role="alert">
            {list.error.message}{' '}
            <button type="button" onClick={() => void list.refetch()}>
              Retry
            </button>
          </p>
        )}
        <ul className="item-list" aria-label="Tools">
          {shown.map((t) => (
            <li key={t.name}>
              <button type="button" className={`item ${t.name === selected ? 'selected' : ''}`} aria-current={t.name === selected} onClick={() => setSelected(t.name)} data-testid="tool-item">
                <span className="item-title">{displayName(t)}</span>
                {displayName(t) !== t.name && <code className="status">{t.name}</code>}
                <span className="row wrap">
                  {hintBadges(t).map((b) => (
                    <span key={b.label} className={`pill hint-${b.tone}`}>
                      {b.label}
                    </span>
                  ))}
                </span>
                {t.description && <span className="item-desc">{t.description}</span>}
              </button>
            </li>
          ))}
        </ul>
        <div className="row">
          <span className="status">
            {shown.length} of {tools.length} tools · {pages.length} page{pages.length === 1 ? '' : 's'}
          </span>
          {list.hasNextPage && (
            <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              Load more
            </button>
          )}
          <button type="button" onClick={() => void list.refetch()} aria-label="Refresh the tools">
            ↻
          </button>
        </div>
      </div>
      <div className="detail-pane">
        {tool ? <ToolRunner key={`${conn}:${tool.name}`} conn={conn} tool={tool} dark={dark} onReadResource={onReadResource} /> : <p className="empty">Pick a tool to call it.</p>}
      </div>
    </div>
  );
}
