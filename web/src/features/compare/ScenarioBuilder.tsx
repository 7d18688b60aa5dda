/**
 * Builds a scenario from the compared server's own tools, resources and prompts: reads its
 * lists once on a short connection of its own (whichever flow it speaks), lets the user pick
 * items and type arguments (a tool's seeded from its schema), and hands back the scenario.
 */
import { useState } from 'react';
import type { ConnectionConfig } from '../../../../protocol/envelope.js';
import type { Scenario } from '../../../../protocol/compare.js';
import { readServerItems, scenarioFromPicks, seedArguments, type ServerItems } from '../../../../protocol/scenarioFromServer.js';
import { useStore } from '../../session/StoreContext.js';

type State = { phase: 'idle' } | { phase: 'reading' } | { phase: 'failed'; reason: string } | { phase: 'read'; items: ServerItems };

export function ScenarioBuilder({ config, onBuilt }: { config: () => ConnectionConfig | undefined; onBuilt: (s: Scenario) => void }) {
  const store = useStore();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [args, setArgs] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>();

  const read = async (): Promise<void> => {
    const target = config();
    if (!target) return;
    setState({ phase: 'reading' });
    const conn = store.newConnId('b');
    const driver = store.launch(conn, target, 'auto', { capabilities: {} }, 'compare: reading the server');
    const ready = await driver.ready;
    const session = driver.session;
    if (!ready.ok || !session) {
      store.disconnect(conn);
      setState({ phase: 'failed', reason: ready.ok ? 'the connection closed' : ready.reason });
      return;
    }
    const fetchList = async (method: string): Promise<unknown> => {
      const outcome = await session.request(method, undefined).done;
      return outcome.kind === 'result' ? outcome.result : undefined;
    };
    const [tools, resources, prompts] = await Promise.all([
      fetchList('tools/list'),
      fetchList('resources/list'),
      fetchList('prompts/list'),
    ]);
    store.disconnect(conn);
    const items = readServerItems({ tools, resources, prompts });
    setArgs(
      Object.fromEntries([
        ...items.tools.map((t) => [`tool:${t.name}`, JSON.stringify(seedArguments(t.inputSchema))]),
        ...items.prompts.map((p) => [`prompt:${p.name}`, JSON.stringify(Object.fromEntries(p.required.map((name) => [name, ''])))]),
      ]),
    );
    setPicked(new Set());
    setState({ phase: 'read', items });
  };

  const toggle = (key: string): void =>
    setPicked((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const build = (items: ServerItems): void => {
    const problems: string[] = [];
    const parse = (key: string): Record<string, unknown> => {
      try {
        const value = JSON.parse(args[key] ?? '{}') as unknown;
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // told below
      }
      problems.push(`${key.replace(':', ' ')}: the arguments are not a JSON object`);
      return {};
    };
    const tools = items.tools
      .filter((t) => picked.has(`tool:${t.name}`))
      .map((t) => ({ name: t.name, arguments: parse(`tool:${t.name}`) }));
    const resources = items.resources.filter((r) => picked.has(`resource:${r.uri}`)).map((r) => r.uri);
    const prompts = items.prompts
      .filter((p) => picked.has(`prompt:${p.name}`))
      .map((p) => ({
        name: p.name,
        arguments: Object.fromEntries(Object.entries(parse(`prompt:${p.name}`)).map(([k, v]) => [k, String(v)])),
      }));
    setProblem(problems.length > 0 ? problems.join('; ') : undefined);
    if (problems.length > 0) return;
    const count = tools.length + resources.length + prompts.length;
    onBuilt(scenarioFromPicks(`From the server: ${count} item${count === 1 ? '' : 's'} picked`, { tools, resources, prompts }));
  };

  return (
    <div className="scenario-builder" data-testid="scenario-builder">
      <div className="row wrap">
        <button type="button" onClick={() => void read()} disabled={state.phase === 'reading'}>
          Read the server's tools, resources and prompts
        </button>
        {state.phase === 'reading' && <span className="status">Reading…</span>}
        {state.phase === 'failed' && (
          <span className="error" role="alert">
            The server could not be read: {state.reason}
          </span>
        )}
      </div>
      {state.phase === 'read' && (
        <>
          {state.items.tools.length + state.items.resources.length + state.items.prompts.length === 0 && (
            <p className="status">The server lists no tools, resources or prompts.</p>
          )}
          {state.items.tools.length > 0 && (
            <fieldset>
              <legend>Tools (arguments as JSON, seeded from the schema&apos;s defaults and examples)</legend>
              {state.items.tools.map((t) => (
                <div key={t.name} className="row wrap">
                  <label className="check">
                    <input type="checkbox" checked={picked.has(`tool:${t.name}`)} onChange={() => toggle(`tool:${t.name}`)} />
                    {t.name}
                  </label>
                  {picked.has(`tool:${t.name}`) && (
                    <input
                      className="grow"
                      aria-label={`Arguments for ${t.name}`}
                      value={args[`tool:${t.name}`] ?? '{}'}
                      onChange={(e) => setArgs((a) => ({ ...a, [`tool:${t.name}`]: e.target.value }))}
                      spellCheck={false}
                    />
                  )}
                </div>
              ))}
            </fieldset>
          )}
          {state.items.resources.length > 0 && (
            <fieldset>
              <legend>Resources</legend>
              {state.items.resources.map((r) => (
                <label key={r.uri} className="check" title={r.uri}>
                  <input type="checkbox" checked={picked.has(`resource:${r.uri}`)} onChange={() => toggle(`resource:${r.uri}`)} />
                  {r.name}
                </label>
              ))}
            </fieldset>
          )}
          {state.items.prompts.length > 0 && (
            <fieldset>
              <legend>Prompts (arguments as JSON)</legend>
              {state.items.prompts.map((p) => (
                <div key={p.name} className="row wrap">
                  <label className="check">
                    <input type="checkbox" checked={picked.has(`prompt:${p.name}`)} onChange={() => toggle(`prompt:${p.name}`)} />
                    {p.name}
                  </label>
                  {picked.has(`prompt:${p.name}`) && (
                    <input
                      className="grow"
                      aria-label={`Arguments for the prompt ${p.name}`}
                      value={args[`prompt:${p.name}`] ?? '{}'}
                      onChange={(e) => setArgs((a) => ({ ...a, [`prompt:${p.name}`]: e.target.value }))}
                      spellCheck={false}
                    />
                  )}
                </div>
              ))}
            </fieldset>
          )}
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <button type="button" className="primary" onClick={() => build(state.items)}>
            Use the picked items as the scenario
          </button>
        </>
      )}
    </div>
  );
}
