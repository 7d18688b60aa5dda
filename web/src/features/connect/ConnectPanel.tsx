import { useEffect, useState, type FormEvent } from 'react';
import { APP_MIME, UI_EXTENSION } from '../../../../protocol/apps/appTool.js';
import type { ConnectionConfig, ServerConfig, WelcomeFrame } from '../../../../protocol/envelope.js';
import { HANDSHAKE_VERSIONS, LOG_LEVELS, STATELESS_VERSION, type FlowChoice, type LogLevel } from '../../../../protocol/flows.js';
import type { ImportedServer } from '../../../../protocol/mcpServersFile.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { rememberClearConfig } from './clearConfigs.js';
import { useConnectAtStart } from './connectAtStart.js';
import { ImportConfigDialog } from './ImportConfigDialog.js';
import { configToFields, fieldsToConfig, type ConfigFields } from './parseConfig.js';
import { HttpFieldsEditor } from './HttpFieldsEditor.js';
import { EMPTY_HTTP_FIELDS, httpConfigToFields, httpFieldsToConfig, type HttpFields } from './httpFields.js';
import { OAuthFieldsEditor } from './OAuthFieldsEditor.js';
import { EMPTY_OAUTH_FIELDS, oauthConfigToFields, oauthFieldsToConfig, type OAuthFields } from './oauthFields.js';

interface Props {
  store: SessionStore;
  welcome: WelcomeFrame | undefined;
  disabled: boolean;
}

const FLOWS: { value: FlowChoice; label: string; hint: string }[] = [
  { value: 'handshake', label: 'Handshake', hint: '2025-11-25 and earlier: initialize, then notifications/initialized' },
  { value: 'stateless', label: 'Stateless', hint: '2026-07-28: no handshake, a _meta envelope on every request' },
  { value: 'auto', label: 'Auto', hint: 'probe with server/discover, fall back to the handshake' },
];

export function ConnectPanel({ store, welcome, disabled }: Props) {
  const [fields, setFields] = useState<ConfigFields>({ command: '', args: '', env: '', cwd: '', secrets: '', inheritEnv: false });
  const [flow, setFlow] = useState<FlowChoice>('handshake');
  const [version, setVersion] = useState('');
  const [probeTimeout, setProbeTimeout] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [prefilled, setPrefilled] = useState(false);
  const [opening, setOpening] = useState(true);
  const [discover, setDiscover] = useState(true);
  const [logLevel, setLogLevel] = useState<LogLevel | ''>('');
  const [caps, setCaps] = useState({ roots: false, sampling: false, elicitationForm: true, elicitationUrl: false, apps: true });
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<ImportedServer | undefined>();
  /** A server the bridge starts (a command), or one over Streamable HTTP (a URL). */
  const [transport, setTransport] = useState<'stdio' | 'http'>('stdio');
  const [http, setHttp] = useState<HttpFields>(EMPTY_HTTP_FIELDS);
  const [oauth, setOauth] = useState<OAuthFields>(EMPTY_OAUTH_FIELDS);

  // Prefill once from the server the bridge was started with.
  useEffect(() => {
    if (!welcome || prefilled) return;
    setPrefilled(true);
    setFields(configToFields(welcome.defaultServer));
    if (welcome.defaultRemote) {
      setTransport('http');
      setHttp(httpConfigToFields(welcome.defaultRemote));
      setOauth(oauthConfigToFields(welcome.defaultRemote.oauth));
    }
  }, [welcome, prefilled]);

  const set = (key: Exclude<keyof ConfigFields, 'inheritEnv'>) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const { config, errors: found } = transport === 'http' ? withOAuth(httpFieldsToConfig(http), oauth) : fieldsToConfig(fields);
    const probe = flow === 'auto' ? parseProbeTimeout(probeTimeout) : {};
    const all = 'error' in probe ? [...found, probe.error] : found;
    setErrors(all);
    if (!config || 'error' in probe) return;
    start(config, flow, probe);
  };

  const start = (config: ConnectionConfig, chosen: FlowChoice, probe: { probeTimeoutMs?: number } = {}): void => {
    const label =
      config.transport === 'http'
        ? imported?.transport === 'http' && imported.config.url === config.url
          ? imported.name
          : welcome?.defaultRemote?.url === config.url
            ? welcome.defaultRemote.label
            : undefined
        : welcome && isDefaultServer(config, welcome.defaultServer)
          ? welcome.defaultServer.label
          : imported?.transport === 'stdio' && isDefaultServer(config, imported.config)
            ? imported.name
            : undefined;
    const conn = store.connect(
      config,
      chosen,
      {
        open: opening,
        discover,
        capabilities: declaredCapabilities(caps, chosen),
        ...(logLevel ? { logLevel } : {}),
        ...(version.trim() ? { protocolVersion: version.trim() } : {}),
        ...probe,
      },
      label,
    );
    rememberClearConfig(store, conn, config);
  };

  // `mcp-lens --config FILE --server NAME` opens the page to connect to that server at once.
  useConnectAtStart(welcome, store.printedFragment, (chosen) => {
    if (!welcome) return;
    setFlow(chosen);
    const { config } = welcome.defaultRemote
      ? withOAuth(httpFieldsToConfig(httpConfigToFields(welcome.defaultRemote)), oauthConfigToFields(welcome.defaultRemote.oauth))
      : fieldsToConfig(configToFields(welcome.defaultServer));
    if (config) start(config, chosen);
  });

  const pick = (server: ImportedServer): void => {
    setImporting(false);
    if (server.transport === 'http') {
      setTransport('http');
      setHttp(httpConfigToFields(server.config));
      setOauth(oauthConfigToFields(server.config.oauth));
    } else {
      setTransport('stdio');
      setFields(configToFields(server.config));
    }
    setImported(server);
    setErrors([]);
  };

  const versionSuggestions = flow === 'handshake' ? HANDSHAKE_VERSIONS : [STATELESS_VERSION];

  return (
    <form onSubmit={submit} aria-label="Connect to a server">
      <div className="row">
        <button type="button" onClick={() => setImporting(true)}>
          Import config…
        </button>
        {imported && (
          <span className="status" data-testid="imported-server">
            “{imported.name}” from a config file
            {imported.config.secrets?.length ? `, ${imported.config.secrets.length} value(s) marked secret` : ''}
          </span>
        )}
      </div>
      {imported?.notes.map((note) => (
        <p key={note} className="status">
          {note}
        </p>
      ))}
      {importing && <ImportConfigDialog onPick={pick} onClose={() => setImporting(false)} />}
      <div className="radio-row" role="radiogroup" aria-label="How to reach the server">
        <label title="The bridge starts the server and talks to it over stdio">
          <input type="radio" name="transport" value="stdio" checked={transport === 'stdio'} onChange={() => setTransport('stdio')} />
          Launch a server (stdio)
        </label>
        <label title="The bridge sends each message as an HTTP request to the server's MCP endpoint">
          <input type="radio" name="transport" value="http" checked={transport === 'http'} onChange={() => setTransport('http')} />
          URL (Streamable HTTP)
        </label>
      </div>
      {transport === 'http' ? (
        <>
          <HttpFieldsEditor fields={http} onChange={setHttp} idPrefix="http" />
          <OAuthFieldsEditor fields={oauth} onChange={setOauth} />
        </>
      ) : (
        <>
          <label htmlFor="cmd">Command</label>
          <input id="cmd" value={fields.command} onChange={(e) => set('command')(e.target.value)} spellCheck={false} autoComplete="off" />
          <label htmlFor="args">Arguments (one per line, passed as is: no shell)</label>
          <textarea id="args" rows={2} value={fields.args} onChange={(e) => set('args')(e.target.value)} spellCheck={false} />
          <label htmlFor="env">Environment (NAME=value per line; values are never journaled or exported)</label>
          <textarea id="env" rows={2} value={fields.env} onChange={(e) => set('env')(e.target.value)} spellCheck={false} />
          <label
            className="check"
            title="By default a server gets only PATH, HOME, USER, SHELL, TERM and LOGNAME from the bridge, plus what is set above"
          >
            <input
              type="checkbox"
              checked={fields.inheritEnv ?? false}
              onChange={(e) => setFields((f) => ({ ...f, inheritEnv: e.target.checked }))}
            />
            Inherit the bridge's whole environment
          </label>
          <label htmlFor="secrets">Mark as secret (one value per line; redacted wherever it appears in what is recorded)</label>
          <textarea
            id="secrets"
            rows={1}
            value={fields.secrets ?? ''}
            onChange={(e) => set('secrets')(e.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
          <label htmlFor="cwd">Working directory (optional)</label>
          <input id="cwd" value={fields.cwd} onChange={(e) => set('cwd')(e.target.value)} spellCheck={false} />
        </>
      )}
      <fieldset>
        <legend>Protocol flow</legend>
        <div className="radio-row" role="radiogroup">
          {FLOWS.map((f) => (
            <label key={f.value} title={f.hint}>
              <input type="radio" name="flow" value={f.value} checked={flow === f.value} onChange={() => setFlow(f.value)} />
              {f.label}
            </label>
          ))}
        </div>
        <label htmlFor="version">Protocol version (empty: the flow's latest)</label>
        <input
          id="version"
          list="versions"
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          placeholder={versionSuggestions[0]}
        />
        <datalist id="versions">
          {versionSuggestions.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
        {flow === 'auto' && (
          <>
            <label htmlFor="probe-timeout">Probe timeout (ms)</label>
            <input
              id="probe-timeout"
              inputMode="numeric"
              value={probeTimeout}
              onChange={(e) => setProbeTimeout(e.target.value)}
              placeholder="3000"
              title="How long server/discover may go unanswered before initialize is sent too; a later discover answer still wins"
            />
          </>
        )}
        {flow === 'stateless' && (
          <label className="check">
            <input type="checkbox" checked={discover} onChange={(e) => setDiscover(e.target.checked)} />
            Ask server/discover first
          </label>
        )}
        <label htmlFor="log-level">Server log messages (handshake: logging/setLevel once; stateless: _meta on every request)</label>
        <select id="log-level" value={logLevel} onChange={(e) => setLogLevel(e.target.value as LogLevel | '')}>
          <option value="">none asked for</option>
          {LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l} and above
            </option>
          ))}
        </select>
        <div className="caps" role="group" aria-label="Client capabilities">
          <span className="status">Declare:</span>
          {(
            [
              ['roots', 'roots'],
              ['sampling', 'sampling'],
              ['elicitationForm', 'elicitation (form)'],
              ['elicitationUrl', 'elicitation (url)'],
              ['apps', 'MCP Apps (ui)'],
            ] as const
          ).map(([key, text]) => (
            <label key={key} className="check">
              <input type="checkbox" checked={caps[key]} onChange={(e) => setCaps((c) => ({ ...c, [key]: e.target.checked }))} />
              {text}
            </label>
          ))}
        </div>
        <label className="check">
          <input type="checkbox" checked={opening} onChange={(e) => setOpening(e.target.checked)} />
          Send the opening requests (off: launch only, then write every line yourself)
        </label>
      </fieldset>
      {errors.map((e) => (
        <p key={e} className="error" role="alert">
          {e}
        </p>
      ))}
      <button type="submit" className="primary" disabled={disabled}>
        Connect
      </button>
    </form>
  );
}

/** The URL's config with the form's OAuth section: its client secret marked secret with the rest. */
function withOAuth(made: ReturnType<typeof httpFieldsToConfig>, fields: OAuthFields): ReturnType<typeof httpFieldsToConfig> {
  const { oauth, secrets, errors } = oauthFieldsToConfig(fields);
  if (!made.config || errors.length > 0) return { errors: [...made.errors, ...errors] };
  const marked = [...(made.config.secrets ?? []), ...secrets];
  return {
    config: { ...made.config, ...(oauth ? { oauth } : {}), ...(marked.length > 0 ? { secrets: marked } : {}) },
    errors: made.errors,
  };
}

/** Empty: the engine's default. */
function parseProbeTimeout(text: string): { probeTimeoutMs?: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  const ms = Number(trimmed);
  if (!Number.isInteger(ms) || ms <= 0) return { error: `Probe timeout must be a positive number of milliseconds, not "${trimmed}"` };
  return { probeTimeoutMs: ms };
}

/** The bridge's default server's label (the demo's) names only that server: the same command is not enough. */
function isDefaultServer(config: ServerConfig, server: Pick<WelcomeFrame['defaultServer'], 'command' | 'args'>): boolean {
  return (
    config.command === server.command && config.args.length === server.args.length && config.args.every((a, i) => a === server.args[i])
  );
}

/**
 * Roots: the handshake flow declares listChanged, since the card's roots editor sends
 * notifications/roots/list_changed; 2026-07-28 has no such notification, so `roots: {}` there.
 */
function declaredCapabilities(
  caps: {
    roots: boolean;
    sampling: boolean;
    elicitationForm: boolean;
    elicitationUrl: boolean;
    apps: boolean;
  },
  flow: FlowChoice,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (caps.roots) out.roots = flow === 'stateless' ? {} : { listChanged: true };
  if (caps.sampling) out.sampling = {};
  if (caps.elicitationForm || caps.elicitationUrl) {
    out.elicitation = { ...(caps.elicitationForm ? { form: {} } : {}), ...(caps.elicitationUrl ? { url: {} } : {}) };
  }
  if (caps.apps) out.extensions = { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } };
  return out;
}
