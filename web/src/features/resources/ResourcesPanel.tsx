import { ListSection } from '../explore/ListSection.js';
import { useEffect, useState } from 'react';
import type { ConnInfo } from '../../../../protocol/session.js';
import { useStore } from '../../session/StoreContext.js';
import { pagedView, usePagedList } from '../explore/usePagedList.js';
import { ItemButton, NotOffered, OffersUnknown, SearchBox } from '../explore/ListParts.js';
import { serverOffers } from '../../../../protocol/serverOffers.js';
import { loadSelection, saveSelection } from '../tools/drafts.js';
import { ResourceDetail } from './ResourceDetail.js';
import { isResource, isTemplate, matchesResource, matchesTemplate, resourceLabel } from '../../../../protocol/resourceInfo.js';
import { stateText } from './SubscriptionBox.js';
import { TemplateDetail } from './TemplateDetail.js';
import { useSubscriptions } from './subscriptions.js';

export interface ResourcesPanelProps {
  info: ConnInfo;
  dark: boolean;
  /** A URI to read at once (from a resource_link elsewhere). */
  readRequest?: { uri: string; at: number } | undefined;
}

type Selection = { kind: 'resource'; uri: string; autoRead?: number } | { kind: 'template'; uriTemplate: string };

/** Read requests already acted on: the panel remounts on every tab switch, and must not read again. */
const handledReadRequests = new WeakSet<object>();

export function ResourcesPanel({ info, readRequest }: ResourcesPanelProps) {
  const store = useStore();
  const conn = info.conn;
  const open = info.connected !== undefined && info.status === 'running';
  const [search, setSearch] = useState('');
  const scope = `resources:${conn}`;
  const [selection, setSelectionState] = useState<Selection | undefined>(() => parseSelection(loadSelection(scope)));
  const setSelection = (next: Selection): void => {
    setSelectionState(next);
    // Remembered without autoRead: coming back to the panel shows it, and does not read again.
    saveSelection(scope, JSON.stringify(next.kind === 'resource' ? { kind: 'resource', uri: next.uri } : next));
  };
  const offered = serverOffers(info.connected?.capabilities, 'resources');
  const resources = usePagedList<unknown>(conn, 'resources/list', 'resources', open && offered !== 'no');
  const templates = usePagedList<unknown>(conn, 'resources/templates/list', 'resourceTemplates', open && offered !== 'no');
  const registry = useSubscriptions();
  useEffect(() => store.ensureListening(conn), [store, conn, info.connected]);

  useEffect(() => {
    if (!readRequest || handledReadRequests.has(readRequest)) return;
    handledReadRequests.add(readRequest);
    setSelectionState({ kind: 'resource', uri: readRequest.uri, autoRead: readRequest.at });
    saveSelection(scope, JSON.stringify({ kind: 'resource', uri: readRequest.uri }));
  }, [readRequest, scope]);

  // A resources list_changed may change the templates too.
  const resourceView = pagedView(resources.data, info.listChanged.resources);
  const templateView = pagedView(templates.data, info.listChanged.resources);
  const allResources = resourceView.items;
  const allTemplates = templateView.items;
  const resourceItems = allResources.filter(isResource);
  const templateItems = allTemplates.filter(isTemplate);
  const shownResources = resourceItems.filter((r) => matchesResource(r, search));
  const shownTemplates = templateItems.filter((t) => matchesTemplate(t, search));
  const subscriptions = registry.list(conn);

  const selectedResource = selection?.kind === 'resource' ? resourceItems.find((r) => r.uri === selection.uri) : undefined;
  const selectedTemplate = selection?.kind === 'template' ? templateItems.find((t) => t.uriTemplate === selection.uriTemplate) : undefined;

  if (offered === 'no') return <NotOffered feature="resources" />;
  return (
    <div className="explore">
      <div className="list-pane">
        <SearchBox label="Search resources and templates" value={search} onChange={setSearch} />
        {open && offered === 'unknown' && <OffersUnknown feature="resources" />}
        <ListSection
          title="Resources"
          noun="resources"
          query={resources}
          stale={resourceView.stale}
          skippedWhy="no uri string"
          staleText="The server says its resources changed."
          shown={shownResources.length}
          total={resourceItems.length}
          skipped={allResources.length - resourceItems.length}
          pages={resourceView.pageCount}
        >
          {shownResources.map((r, i) => {
            const selected = selection?.kind === 'resource' && selection.uri === r.uri;
            return (
              <li key={`${i}:${r.uri}`}>
                <ItemButton selected={selected} onSelect={() => setSelection({ kind: 'resource', uri: r.uri })} testId="resource-item">
                  <span className="item-title">{resourceLabel(r, r.uri)}</span>
                  <code className="status item-uri">{r.uri}</code>
                  {typeof r.mimeType === 'string' && <span className="pill">{r.mimeType}</span>}
                  {typeof r.description === 'string' && <span className="item-desc">{r.description}</span>}
                </ItemButton>
              </li>
            );
          })}
        </ListSection>
        <ListSection
          title="Templates"
          noun="templates"
          query={templates}
          stale={templateView.stale}
          skippedWhy="no uriTemplate string"
          staleText="The server says its resources changed; templates may have too."
          shown={shownTemplates.length}
          total={templateItems.length}
          skipped={allTemplates.length - templateItems.length}
          pages={templateView.pageCount}
        >
          {shownTemplates.map((t, i) => {
            const selected = selection?.kind === 'template' && selection.uriTemplate === t.uriTemplate;
            return (
              <li key={`${i}:${t.uriTemplate}`}>
                <ItemButton
                  selected={selected}
                  onSelect={() => setSelection({ kind: 'template', uriTemplate: t.uriTemplate })}
                  testId="template-item"
                >
                  <span className="item-title">{resourceLabel(t, t.uriTemplate)}</span>
                  <code className="status item-uri">{t.uriTemplate}</code>
                  {typeof t.description === 'string' && <span className="item-desc">{t.description}</span>}
                </ItemButton>
              </li>
            );
          })}
        </ListSection>
        {subscriptions.length > 0 && (
          <section aria-label="Subscriptions" className="list-section">
            <h3 className="list-title">Subscriptions</h3>
            <ul className="item-list">
              {subscriptions.map((s) => (
                <li key={s.uri}>
                  <button
                    type="button"
                    className="item"
                    onClick={() => setSelection({ kind: 'resource', uri: s.uri })}
                    data-testid="subscription-item"
                  >
                    <code className="item-uri">{s.uri}</code>
                    <span className="status">
                      {stateText(s)} · {s.updates.length} update{s.updates.length === 1 ? '' : 's'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="detail-pane">
        {selection?.kind === 'resource' && (
          <ResourceDetail
            key={`${conn}:r:${selection.uri}:${selection.autoRead ?? ''}`}
            info={info}
            uri={selection.uri}
            resource={selectedResource}
            autoRead={selection.autoRead !== undefined}
          />
        )}
        {selection?.kind === 'template' && selectedTemplate && (
          <TemplateDetail key={`${conn}:t:${selectedTemplate.uriTemplate}`} info={info} template={selectedTemplate} />
        )}
        {(!selection || (selection.kind === 'template' && !selectedTemplate)) && (
          <p className="empty">Pick a resource to read it, or a template to build a URI.</p>
        )}
      </div>
    </div>
  );
}

function parseSelection(saved: string | undefined): Selection | undefined {
  if (saved === undefined) return undefined;
  try {
    const value = JSON.parse(saved) as Record<string, unknown>;
    if (value.kind === 'resource' && typeof value.uri === 'string') return { kind: 'resource', uri: value.uri };
    if (value.kind === 'template' && typeof value.uriTemplate === 'string') return { kind: 'template', uriTemplate: value.uriTemplate };
  } catch {
    // not ours
  }
  return undefined;
}
