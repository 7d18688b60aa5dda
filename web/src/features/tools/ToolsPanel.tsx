import { ListSection } from '../explore/ListSection.js';
import { useEffect, useState } from 'react';
import { useStore } from '../../session/StoreContext.js';
import type { ConnInfo } from '../../../../protocol/session.js';
import { pagedView, usePagedList } from '../explore/usePagedList.js';
import { ItemButton, NotOffered, SearchBox } from '../explore/ListParts.js';
import { serverOffers } from '../../../../protocol/serverOffers.js';
import { ToolRunner } from './ToolRunner.js';
import { loadSelection, saveSelection } from './drafts.js';
import { displayName, hintBadges, matchesSearch, type Tool } from '../../../../protocol/toolInfo.js';

export function ToolsPanel({ info, dark, onReadResource }: { info: ConnInfo; dark: boolean; onReadResource: (uri: string) => void }) {
  const store = useStore();
  const conn = info.conn;
  const [search, setSearch] = useState('');
  const [selected, setSelectedState] = useState<string | undefined>(() => loadSelection(`tools:${conn}`));
  const setSelected = (name: string): void => {
    setSelectedState(name);
    saveSelection(`tools:${conn}`, name);
  };
  const open = info.connected !== undefined && info.status === 'running';
  const offered = serverOffers(info.connected?.capabilities, 'tools');
  const list = usePagedList<Tool>(conn, 'tools/list', 'tools', open && offered !== 'no');
  useEffect(() => store.ensureListening(conn), [store, conn, info.connected]);

  const { items: tools, pageCount, stale } = pagedView(list.data, info.listChanged.tools);
  const shown = tools.filter((t) => matchesSearch(t, search));
  const tool = tools.find((t) => t.name === selected);

  if (offered === 'no') return <NotOffered feature="tools" />;
  return (
    <div className="explore">
      <div className="list-pane">
        <SearchBox label="Search tools" value={search} onChange={setSearch} />
        <ListSection
          title="Tools"
          noun="tools"
          query={list}
          stale={stale}
          staleText="The server says its tools changed."
          shown={shown.length}
          total={tools.length}
          skipped={0}
          pages={pageCount}
        >
          {shown.map((t) => (
            <li key={t.name}>
              <ItemButton selected={t.name === selected} onSelect={() => setSelected(t.name)} testId="tool-item">
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
              </ItemButton>
            </li>
          ))}
        </ListSection>
      </div>
      <div className="detail-pane">
        {tool ? (
          <ToolRunner
            key={`${conn}:${tool.name}`}
            conn={conn}
            tool={tool}
            serverCapabilities={info.connected?.capabilities}
            dark={dark}
            onReadResource={onReadResource}
            tools={tools}
          />
        ) : (
          <p className="empty">Pick a tool to call it.</p>
        )}
      </div>
    </div>
  );
}
