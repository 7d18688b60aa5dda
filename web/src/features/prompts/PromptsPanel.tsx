import { ListSection } from '../explore/ListSection.js';
import { useEffect, useState } from 'react';
import type { ConnInfo } from '../../../../protocol/session.js';
import { useStore } from '../../session/StoreContext.js';
import { pagedView, usePagedList } from '../explore/usePagedList.js';
import { ItemButton, NotOffered, OffersUnknown, SearchBox } from '../explore/ListParts.js';
import { serverOffers } from '../../../../protocol/serverOffers.js';
import { loadSelection, saveSelection } from '../tools/drafts.js';
import { isPrompt, matchesPrompt, promptArguments, promptLabel } from '../../../../protocol/promptInfo.js';
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
  const offered = serverOffers(info.connected?.capabilities, 'prompts');
  const list = usePagedList<unknown>(conn, 'prompts/list', 'prompts', open && offered !== 'no');
  useEffect(() => store.ensureListening(conn), [store, conn, info.connected]);

  const { items: all, pageCount, stale } = pagedView(list.data, info.listChanged.prompts);
  const prompts = all.filter(isPrompt);
  const skipped = all.length - prompts.length;
  const shown = prompts.filter((p) => matchesPrompt(p, search));
  const prompt = prompts.find((p) => p.name === selected);

  if (offered === 'no') return <NotOffered feature="prompts" />;
  return (
    <div className="explore">
      <div className="list-pane">
        <SearchBox label="Search prompts" value={search} onChange={setSearch} />
        {open && offered === 'unknown' && <OffersUnknown feature="prompts" />}
        <ListSection
          title="Prompts"
          noun="prompts"
          query={list}
          stale={stale}
          staleText="The server says its prompts changed."
          shown={shown.length}
          total={prompts.length}
          skipped={skipped}
          skippedWhy="no name string"
          pages={pageCount}
        >
          {shown.map((p, i) => {
            const args = promptArguments(p);
            return (
              <li key={`${i}:${p.name}`}>
                <ItemButton selected={p.name === selected} onSelect={() => setSelected(p.name)} testId="prompt-item">
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
                </ItemButton>
              </li>
            );
          })}
        </ListSection>
      </div>
      <div className="detail-pane">
        {prompt ? (
          <PromptRunner key={`${conn}:${prompt.name}`} conn={conn} prompt={prompt} />
        ) : (
          <p className="empty">Pick a prompt to get it.</p>
        )}
      </div>
    </div>
  );
}
