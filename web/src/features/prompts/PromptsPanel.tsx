import { useEffect, useState } from 'react';
import type { ConnInfo } from '../../../../protocol/session.js';
import { useStore } from '../../session/StoreContext.js';
import { usePagedList } from '../explore/usePagedList.js';
import { loadSelection, saveSelection } from '../tools/drafts.js';
import { isPrompt, matchesPrompt, promptArguments, promptLabel } from './promptInfo.js';
import { PromptRunner } from './PromptRunner.js';

export function PromptsPanel({ info }: { info: ConnInfo; dark: boolean }) {
  const store = useStore();
  const conn = info.conn;
  const open = info.connected !== undefined && info.status === 'running';
  const [search, setSearch] = useState('');
  const [selected, setSelectedState] = useState<string | undefined>(() => loadSelection(`prompts:${conn}`));
  const setSelected = (name: string): void => {
    setSelectedState(name);
    saveSelection(`prompts:${conn}`, name);
  };
  const list = usePagedList<unknown>(conn, 'prompts/list', 'prompts', open);
  useEffect(() => store.ensureListening(conn), [store, conn, info.connected]);

  const pages = list.data?.pages ?? [];
  const all = pages.flatMap((p) => p.items);
  const prompts = all.filter(isPrompt);
  const skipped = all.length - prompts.length;
  const fetchedAt = pages[0]?.fetchedAtSeq ?? Infinity;
  const stale = info.listChanged.prompts > fetchedAt;
  const shown = prompts.filter((p) => matchesPrompt(p, search));
  const prompt = prompts.find((p) => p.name === selected);
  const caps = (info.connected?.capabilities ?? {}) as Record<string, unknown>;

  return (
    <div className="explore">
      <div className="list-pane">
        <input type="search" placeholder="Search prompts" aria-label="Search prompts" value={search} onChange={(e) => setSearch(e.target.value)} />
        {open && caps.prompts === undefined && (
          <div className="banner-box" role="note">
            The server does not declare the prompts capability: prompts/list may be refused.
          </div>
        )}
        {stale && (
          <div className="banner-box warn" role="status" data-testid="stale">
            The server says its prompts changed.{' '}
            <button type="button" onClick={() => void list.refetch()}>
              Refresh
            </button>
          </div>
        )}
        {list.isPending && list.fetchStatus === 'fetching' && <p className="status">Loading prompts…</p>}
        {list.error && (
          <p className="error" role="alert">
            {list.error.message}{' '}
            <button type="button" onClick={() => void list.refetch()}>
              Retry
            </button>
          </p>
        )}
        {!list.isPending && !list.error && prompts.length === 0 && <p className="status">The server lists no prompts.</p>}
        <ul className="item-list" aria-label="Prompts">
          {shown.map((p, i) => {
            const args = promptArguments(p);
            return (
              <li key={`${i}:${p.name}`}>
                <button type="button" className={`item ${p.name === selected ? 'selected' : ''}`} aria-current={p.name === selected} onClick={() => setSelected(p.name)} data-testid="prompt-item">
                  <span className="item-title">{promptLabel(p)}</span>
                  {promptLabel(p) !== p.name && <code className="status">{p.name}</code>}
                  {args.length > 0 && (
                    <span className="status">
                      {args.map((a, j) => (
                        <span key={a.name}>
                          {j > 0 && ', '}
                          {a.name}
                          {a.required ? '*' : ''}
                        </span>
                      ))}
                    </span>
                  )}
                  {typeof p.description === 'string' && <span className="item-desc">{p.description}</span>}
                </button>
              </li>
            );
          })}
        </ul>
        {skipped > 0 && (
          <p className="status bad">
            {skipped} malformed entr{skipped === 1 ? 'y' : 'ies'} skipped (no name string).
          </p>
        )}
        <div className="row">
          <span className="status">
            {shown.length} of {prompts.length} prompts · {pages.length} page{pages.length === 1 ? '' : 's'}
          </span>
          {list.hasNextPage && (
            <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              Load more
            </button>
          )}
          <button type="button" onClick={() => void list.refetch()} aria-label="Refresh the prompts">
            ↻
          </button>
        </div>
      </div>
      <div className="detail-pane">
        {prompt ? <PromptRunner key={`${conn}:${prompt.name}`} conn={conn} prompt={prompt} /> : <p className="empty">Pick a prompt to get it.</p>}
      </div>
    </div>
  );
}
