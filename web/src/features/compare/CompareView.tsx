import { useMemo, useState } from 'react';
import { listComparisons, readComparison, type Scenario } from '../../../../protocol/compare.js';
import type { SessionModel } from '../../../../protocol/session.js';
import type { ConnectionConfig } from '../../../../protocol/envelope.js';
import { useSnapshot, useStore } from '../../session/StoreContext.js';
import { parseArgsField } from '../connect/parseConfig.js';
import { HttpFieldsEditor } from '../connect/HttpFieldsEditor.js';
import { EMPTY_HTTP_FIELDS, httpConfigToFields, httpFieldsToConfig } from '../connect/httpFields.js';
import { ScenarioEditor } from './ScenarioEditor.js';
import { ScenarioBuilder } from './ScenarioBuilder.js';
import { SideBySide } from './SideBySide.js';
import { startComparison } from './runComparison.js';
import { loadScenarios, saveScenario } from './scenarios.js';

/** `archive`: a session read back from a file or an earlier journal: its comparisons, read-only. */
export function CompareView({ dark, archive }: { dark: boolean; archive?: SessionModel }) {
  const store = useStore();
  const snapshot = useSnapshot();
  const model = archive ?? store.model;
  const fallback = snapshot.welcome?.defaultServer;
  const [command, setCommand] = useState<string | undefined>();
  const [args, setArgs] = useState<string | undefined>();
  // A server the bridge was started with over HTTP (`--config`) is the one compared at first.
  const remote = snapshot.welcome?.defaultRemote;
  const [transport, setTransport] = useState<'stdio' | 'http' | undefined>();
  const [http, setHttp] = useState(() => (remote ? httpConfigToFields(remote) : EMPTY_HTTP_FIELDS));
  const [errors, setErrors] = useState<string[]>([]);
  const effectiveTransport = transport ?? (remote ? 'http' : 'stdio');
  const [scenarios, setScenarios] = useState(loadScenarios);
  const [scenario, setScenario] = useState<Scenario>(() => scenarios[0] as Scenario);
  const [editing, setEditing] = useState(false);
  const [building, setBuilding] = useState(false);
  const [shown, setShown] = useState<string | undefined>();

  // The notes list grows in place; its length says when to look again.
  const noteCount = model.notes.length;
  const all = useMemo(() => listComparisons(model.notes), [model.notes, noteCount]); // eslint-disable-line react-hooks/exhaustive-deps
  // A run just started is not in the journal yet: say so, rather than show the previous one.
  const current = shown === undefined ? all.at(-1) : all.find((c) => c.start.id === shown);
  // A finished comparison no longer changes: read it once, not on every new event.
  const readAt = current?.done ? 'done' : snapshot.version;
  const columns = useMemo(() => {
    if (!current) return undefined;
    const from = model.events.findIndex((e) => e.seq === current.seq);
    return readComparison(current.start, from === -1 ? model.events : model.events.slice(from));
  }, [current?.start.id, readAt, model.events]); // eslint-disable-line react-hooks/exhaustive-deps

  const effectiveCommand = command ?? fallback?.command ?? '';
  const effectiveArgs = args ?? fallback?.args.join('\n') ?? '';
  const compared = (): ConnectionConfig | undefined => {
    const { config, errors: found } =
      effectiveTransport === 'http'
        ? httpFieldsToConfig(http)
        : { config: { command: effectiveCommand, args: parseArgsField(effectiveArgs), env: {} }, errors: [] };
    setErrors(found);
    return config;
  };
  const run = (): void => {
    const config = compared();
    if (!config) return;
    const started = startComparison(store, config, scenario);
    setShown(started.id);
  };

  return (
    <div className="compare" data-testid="compare-view">
      {!archive && (
        <section className="compare-setup" aria-label="Comparison setup">
          <p className="status">
            One scenario, run in both flows at once: each on its own server process, or each in its own session of one URL. Every figure is
            read from the wire.
          </p>
          <div className="radio-row" role="radiogroup" aria-label="The compared server">
            <label>
              <input
                type="radio"
                name="compare-transport"
                checked={effectiveTransport === 'stdio'}
                onChange={() => setTransport('stdio')}
              />
              A command (stdio)
            </label>
            <label>
              <input type="radio" name="compare-transport" checked={effectiveTransport === 'http'} onChange={() => setTransport('http')} />A
              URL (Streamable HTTP)
            </label>
          </div>
          {effectiveTransport === 'http' ? (
            <div className="compare-http">
              <HttpFieldsEditor fields={http} onChange={setHttp} idPrefix="compare-http" />
            </div>
          ) : (
            <div className="row wrap">
              <label className="inline grow">
                Command
                <input value={effectiveCommand} onChange={(e) => setCommand(e.target.value)} spellCheck={false} />
              </label>
              <label className="inline grow">
                Arguments (one per line)
                <textarea
                  rows={1}
                  value={effectiveArgs}
                  onChange={(e) => setArgs(e.target.value)}
                  spellCheck={false}
                  aria-label="Arguments for the compared server"
                />
              </label>
            </div>
          )}
          {errors.map((e) => (
            <p key={e} className="error" role="alert">
              {e}
            </p>
          ))}
          <div className="row wrap">
            <label className="inline">
              Scenario
              <select
                value={scenario.name}
                onChange={(e) => {
                  const next = scenarios.find((s) => s.name === e.target.value);
                  if (next) setScenario(next);
                }}
              >
                {scenarios.map((s) => (
                  <option key={s.name}>{s.name}</option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
              {editing ? 'Close the editor' : 'Edit the scenario'}
            </button>
            <button type="button" onClick={() => setBuilding((v) => !v)} aria-expanded={building}>
              Build from the server
            </button>
            <button type="button" onClick={() => setScenarios(saveScenario(scenario))} title="Saved in this browser">
              Save scenario
            </button>
            <button
              type="button"
              className="primary"
              onClick={run}
              disabled={snapshot.status.state !== 'open' || (effectiveTransport === 'stdio' && effectiveCommand === '')}
              data-testid="run-comparison"
            >
              Run in both flows
            </button>
          </div>
          {building && (
            <ScenarioBuilder
              config={compared}
              onBuilt={(built) => {
                setScenarios((list) => [...list.filter((s) => s.name !== built.name), built]);
                setScenario(built);
                setBuilding(false);
              }}
            />
          )}
          {editing && <ScenarioEditor key={scenario.name} scenario={scenario} onChange={setScenario} dark={dark} />}
        </section>
      )}
      {all.length > 1 && (
        <section className="compare-setup">
          <label className="inline">
            Show
            <select value={current?.start.id} onChange={(e) => setShown(e.target.value)} aria-label="Earlier comparisons">
              {all.map((c) => (
                <option key={c.start.id} value={c.start.id}>
                  {c.start.scenario.name} ({c.start.id})
                </option>
              ))}
            </select>
          </label>
        </section>
      )}
      {current && columns ? (
        <SideBySide start={current.start} columns={columns} done={current.done} />
      ) : (
        <p className="empty" role="status">
          {shown === undefined ? 'Run a comparison to see both flows side by side.' : 'Starting the comparison…'}
        </p>
      )}
    </div>
  );
}
