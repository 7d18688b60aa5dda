/**
 * An MCP App, rendered when a tool that names a UI resource answers: the resource is read (on
 * the timeline like any read), framed from the bridge's sandbox origin under the CSP it declared,
 * and spoken to through the extension's own host bridge. Every message either way is a line of
 * the app's lane. What the app asks of MCP Lens (a tool call, a link, a message) is shown here;
 * a tool call waits for the user's approval unless they allowed the app's calls for the session.
 */
import { useEffect, useRef, useState } from 'react';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import { useStore } from '../../session/StoreContext.js';
import { APP_MIME, allowFeatures, appMayCall, appResourceFrom, type AppResource } from '../../../../protocol/apps/appTool.js';
import { appCsp } from '../../../../protocol/apps/csp.js';
import type { Tool } from '../../../../protocol/toolInfo.js';
import { describeOutcome } from '../../../../protocol/clientSession.js';
import { RecordingTransport } from './recordingTransport.js';
import { HOST_INFO, MAX_APP_HEIGHT, hostCapabilities, hostContext } from './hostContext.js';
import { AppAsks, type AppAsk } from './AppAsks.js';
import './apps.css';

export interface AppFrameProps {
  conn: string;
  tool: Tool;
  uri: string;
  /** The connection's tools as last listed: whether the app may call one. */
  tools: readonly Tool[];
  args: Record<string, unknown>;
  /** The tools/call result the app shows, and the request's id. */
  result: Record<string, unknown>;
  requestId?: string | number;
  dark: boolean;
}

type Phase =
  | { kind: 'reading' }
  | { kind: 'problem'; text: string }
  | { kind: 'framing'; resource: AppResource }
  | { kind: 'initialized'; resource: AppResource }
  | { kind: 'torn-down'; resource: AppResource; reason: string };

/** Connections whose apps' tool calls the user allowed for the rest of the session. */
const allowedForSession = new Set<string>();

export function AppFrame(props: AppFrameProps) {
  const { conn, uri } = props;
  const store = useStore();
  const [phase, setPhase] = useState<Phase>({ kind: 'reading' });

  useEffect(() => {
    const session = store.client(conn);
    if (!session) {
      setPhase({ kind: 'problem', text: 'the connection is not open: the app’s resource cannot be read' });
      return;
    }
    let live = true;
    void session.request('resources/read', { uri }).done.then((outcome) => {
      if (!live) return;
      if (outcome.kind !== 'result')
        return setPhase({ kind: 'problem', text: `resources/read ${uri} failed: ${describeOutcome(outcome)}` });
      const read = appResourceFrom(uri, outcome.result);
      if ('problem' in read) return setPhase({ kind: 'problem', text: read.problem });
      setPhase({ kind: 'framing', resource: read });
    });
    return () => {
      live = false;
    };
  }, [store, conn, uri]);

  if (phase.kind === 'reading')
    return (
      <p className="status" data-testid="app-frame" data-app-state="reading">
        Reading the app’s UI resource {uri}…
      </p>
    );
  if (phase.kind === 'problem')
    return (
      <p className="error" role="alert" data-testid="app-frame" data-app-state="problem">
        The app cannot render: {phase.text}.
      </p>
    );
  return <RenderedApp {...props} resource={phase.resource} onPhase={setPhase} phase={phase.kind} />;
}

function RenderedApp({
  conn,
  tool,
  tools,
  args,
  result,
  requestId,
  dark,
  resource,
  phase,
  onPhase,
}: AppFrameProps & { resource: AppResource; phase: Phase['kind']; onPhase: (phase: Phase) => void }) {
  const store = useStore();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string | undefined>();
  const [height, setHeight] = useState(160);
  const [asks, setAsks] = useState<AppAsk[]>([]);
  const [lane, setLane] = useState<string | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const sandbox = store.appSandbox;
  const csp = appCsp(resource.ui.csp);
  const permissions =
    typeof resource.ui.permissions === 'object' && resource.ui.permissions !== null
      ? (resource.ui.permissions as Record<string, unknown>)
      : {};
  const themeRef = useRef(dark);
  themeRef.current = dark;
  const bridgeRef = useRef<AppBridge | undefined>(undefined);
  const initializedRef = useRef(false);

  // The theme the user switches to reaches an initialized app as a change of its host context.
  useEffect(() => {
    if (initializedRef.current) void bridgeRef.current?.sendHostContextChange({ theme: dark ? 'dark' : 'light' });
  }, [dark]);

  useEffect(() => {
    if (sandbox === undefined) return;
    const session = store.client(conn);
    const laneId = store.openAppLane(conn, resource.uri, tool.name);
    setLane(laneId);
    const say = (text: string): void => setProblems((p) => [...p.slice(-19), text]);
    const transport = new RecordingTransport(
      () => frameRef.current?.contentWindow ?? null,
      sandbox,
      (dir, text) => store.appLine(laneId, dir, text),
      say,
    );
    const bridge = new AppBridge(null, HOST_INFO, hostCapabilities(csp, permissions), {
      hostContext: hostContext({
        theme: themeRef.current ? 'dark' : 'light',
        tool: tool as unknown as Record<string, unknown>,
        ...(requestId === undefined ? {} : { requestId }),
        width: frameRef.current?.clientWidth ?? 600,
      }),
    });
    const ask = <T,>(make: (settle: { resolve: (value: T) => void; reject: (error: Error) => void }) => AppAsk): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const item = make({ resolve, reject });
        setAsks((list) => [...list, item]);
      });
    const settled = (key: string): void => setAsks((list) => list.map((a) => (a.key === key ? { ...a, settled: true } : a)));
    let asked = 0;

    bridge.onsandboxready = () => {
      void bridge.sendSandboxResourceReady({ html: resource.html, sandbox: 'allow-scripts allow-forms', permissions });
    };
    bridgeRef.current = bridge;
    initializedRef.current = false;
    bridge.oninitialized = () => {
      initializedRef.current = true;
      onPhase({ kind: 'initialized', resource });
      // Only once the app said it is initialized may the host speak first (the extension's rule).
      void bridge.sendToolInput({ arguments: args });
      void bridge.sendToolResult(result as CallToolResult);
    };
    bridge.onsizechange = ({ height: h }) => {
      if (typeof h === 'number' && Number.isFinite(h) && h > 0) setHeight(Math.min(MAX_APP_HEIGHT, Math.ceil(h)));
    };
    bridge.oncalltool = async (params) => {
      // An app speaks after ui/initialize; a call before it is not served (and the lane's lint says so).
      if (bridge.getAppVersion() === undefined) throw new Error('the app has not sent ui/initialize');
      const known = tools.find((t) => t.name === params.name);
      if (known && !appMayCall(known)) throw new Error(`tool ${params.name} is not visible to apps (its _meta.ui.visibility lacks "app")`);
      if (!allowedForSession.has(conn)) {
        const key = `call-${++asked}`;
        await ask<void>(({ resolve, reject }) => ({
          key,
          kind: 'call',
          text: params.name,
          detail: JSON.stringify(params.arguments ?? {}),
          allow: (always) => {
            if (always) allowedForSession.add(conn);
            settled(key);
            resolve();
          },
          deny: () => {
            settled(key);
            reject(new Error('the user declined the app’s tool call'));
          },
        }));
      }
      if (!session) throw new Error('the connection is not open');
      const outcome = await session.request('tools/call', params as unknown as Record<string, unknown>).done;
      if (outcome.kind !== 'result') throw new Error(`tools/call ${params.name}: ${describeOutcome(outcome)}`);
      return outcome.result as CallToolResult;
    };
    bridge.onreadresource = async (params) => {
      if (!session) throw new Error('the connection is not open');
      const outcome = await session.request('resources/read', params as unknown as Record<string, unknown>).done;
      if (outcome.kind !== 'result') throw new Error(`resources/read: ${describeOutcome(outcome)}`);
      return outcome.result as ReadResourceResult;
    };
    bridge.onopenlink = ({ url }) => {
      const safe = /^https?:\/\//i.test(url);
      setAsks((list) => [...list, { key: `link-${++asked}`, kind: 'link', text: url, safe }]);
      return Promise.resolve(safe ? {} : { isError: true });
    };
    bridge.onmessage = ({ content }) => {
      const blocks = Array.isArray(content) ? content : [content];
      const text = blocks
        .map((b) => (typeof b === 'object' && b !== null && 'text' in b && typeof b.text === 'string' ? b.text : JSON.stringify(b)))
        .join('\n');
      setAsks((list) => [...list, { key: `message-${++asked}`, kind: 'message', text }]);
      return Promise.resolve({});
    };
    bridge.onupdatemodelcontext = (params) => {
      setAsks((list) => [...list, { key: `context-${++asked}`, kind: 'context', text: JSON.stringify(params) }]);
      return Promise.resolve({});
    };
    bridge.onloggingmessage = ({ level, data }) => {
      setAsks((list) => [
        ...list,
        { key: `log-${++asked}`, kind: 'log', text: `${level}: ${typeof data === 'string' ? data : JSON.stringify(data)}` },
      ]);
    };
    bridge.onrequestdisplaymode = () => Promise.resolve({ mode: 'inline' });
    bridge.onerror = (error) => say(error.message);

    let gone = false;
    void bridge.connect(transport).then(() => {
      if (gone) return;
      // Framed only now: the proxy's first message must find the bridge listening.
      const query = resource.ui.csp === undefined ? '' : `?csp=${encodeURIComponent(JSON.stringify(resource.ui.csp))}`;
      setSrc(`${sandbox}/sandbox${query}`);
    });
    return () => {
      gone = true;
      initializedRef.current = false;
      // The extension asks the host to say so before an app is removed; a silent app is not waited on for long.
      const said = bridge
        .teardownResource({ reason: 'the result was replaced or the panel closed' }, { timeout: 500 })
        .catch(() => undefined);
      void said.finally(() => {
        void bridge.close();
        store.closeAppLane(laneId);
      });
      onPhase({ kind: 'torn-down', resource, reason: 'closed' });
    };
    // One app per rendered result: a new result or resource is a new app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, conn, resource, result, sandbox]);

  if (sandbox === undefined)
    return (
      <p className="error" role="alert" data-testid="app-frame" data-app-state="problem">
        The app cannot render: the bridge has no sandbox listener (see its notices).
      </p>
    );
  return (
    <section className="app-frame" data-testid="app-frame" data-app-state={phase} data-lane={lane} aria-label={`MCP App ${resource.uri}`}>
      <header className="row wrap">
        <strong>MCP App</strong> <code>{resource.uri}</code>
        {lane && <span className="status">lane {lane}</span>}
      </header>
      {resource.mimeType !== APP_MIME && (
        <p className="warning" role="status">
          The resource’s mimeType is {resource.mimeType ?? '(none)'}, not {APP_MIME}: a host may refuse to render it.
        </p>
      )}
      <iframe
        ref={frameRef}
        title={`MCP App ${resource.uri}`}
        data-testid="app-iframe"
        // The proxy needs an origin of its own (the sandbox port's); the app inside it gets none.
        sandbox="allow-scripts allow-same-origin allow-forms"
        allow={allowFeatures(permissions).join('; ')}
        referrerPolicy="no-referrer"
        style={{ height }}
        className={resource.ui.prefersBorder === false ? 'borderless' : undefined}
        {...(src === undefined ? {} : { src })}
      />
      <AppAsks asks={asks} conn={conn} />
      {problems.length > 0 && (
        <ul className="app-problems" data-testid="app-problems">
          {problems.map((p, i) => (
            <li key={i} className="error">
              {p}
            </li>
          ))}
        </ul>
      )}
      <details className="app-csp">
        <summary>Content-Security-Policy</summary>
        <code data-testid="app-csp">{csp.policy}</code>
        {csp.rejected.length > 0 && (
          <ul>
            {csp.rejected.map((r, i) => (
              <li key={i} className="warning">
                {r.field}: {r.value} set aside ({r.reason})
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
