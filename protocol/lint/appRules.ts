/**
 * The lint of an MCP App's lane: the postMessage JSON-RPC between an app and MCP Lens as its host
 * (the `io.modelcontextprotocol/ui` extension). The app is the client of the lane (stdin), the host
 * its server (stdout). Each rule is a requirement the extension states of one side, judged from
 * the lane's own messages; a tool's visibility comes from the connection the app belongs to.
 */
import type { WireMessage } from '../exchanges.js';
import { idKey } from '../jsonrpc.js';
import { SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '../apps/appTool.js';

/** The MCP Apps protocol version MCP Lens's host bridge speaks. */
export const APPS_PROTOCOL_VERSION = '2026-01-26';

const APP_METHODS: ReadonlySet<string> = new Set([
  'ui/initialize',
  'ui/notifications/initialized',
  'ui/notifications/size-changed',
  'ui/notifications/request-teardown',
  'ui/message',
  'ui/open-link',
  'ui/update-model-context',
  'ui/request-display-mode',
  'ui/download-file',
  // What a host proxies to the server, or answers itself.
  'tools/call',
  'tools/list',
  'resources/read',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'ping',
  'notifications/message',
  'sampling/createMessage',
  // The sandbox proxy's own word to the host (the host's side of the proxy sees it).
  SANDBOX_PROXY_READY,
]);

/** What the host says on its own that needs the app initialized first: everything but answers and the proxy's HTML. */
function hostNeedsInitialized(method: string): boolean {
  // The teardown is owed whether or not the app got as far as initialized.
  return method !== SANDBOX_RESOURCE_READY && method !== 'ui/resource-teardown';
}

export type AppReport = (rule: string, text: string) => void;

export class AppLint {
  private initializeSeq: number | undefined;
  private initializeId: string | undefined;
  private answered = false;
  private initialized = false;
  private toolInput = 0;
  /** Calls of tools hidden from apps, by request key: a result answering one is the host's fault. */
  private readonly hiddenCalls = new Map<string, string>();

  constructor(private readonly toolCallable: (name: string) => boolean | undefined) {}

  apply(message: WireMessage, report: AppReport): void {
    const c = message.classified;
    const fromApp = message.from === 'client';
    switch (c.kind) {
      case 'non-json':
      case 'invalid':
      case 'batch':
        if (fromApp)
          report(
            'app-not-jsonrpc',
            `The app posted ${c.kind === 'batch' ? 'a batch' : 'a message that is not JSON-RPC 2.0'}${'reason' in c ? ` (${c.reason})` : ''}`,
          );
        return;
      case 'request':
        if (fromApp) this.appRequest(c.method, c.params, idKey('client', c.id), message.seq, report);
        else if (!this.initialized && hostNeedsInitialized(c.method))
          report('host-before-initialized', `The host sent ${c.method} before the app said ui/notifications/initialized`);
        return;
      case 'notification':
        if (fromApp) this.appNotification(c.method, c.params, report);
        else this.hostNotification(c.method, report);
        return;
      case 'result':
      case 'error': {
        if (fromApp || c.id === null) return;
        const key = idKey('client', c.id);
        if (key === this.initializeId && c.kind === 'result') this.answered = true;
        const hidden = this.hiddenCalls.get(key);
        if (hidden !== undefined) {
          this.hiddenCalls.delete(key);
          if (c.kind === 'result')
            report(
              'app-tool-visibility',
              `The host answered the app's tools/call of ${hidden} with a result, though the tool is not visible to apps`,
            );
        }
        return;
      }
      default: {
        const never: never = c;
        return never;
      }
    }
  }

  private appRequest(method: string, params: unknown, key: string, seq: number, report: AppReport): void {
    const p = record(params);
    if (method === 'ui/initialize') {
      if (this.initializeSeq !== undefined) report('app-initialized-order', 'The app sent ui/initialize a second time');
      this.initializeSeq ??= seq;
      this.initializeId = key;
      const info = record(p?.appInfo);
      const missing = [
        typeof info?.name === 'string' && typeof info.version === 'string' ? undefined : 'appInfo with a name and a version',
        record(p?.appCapabilities) ? undefined : 'appCapabilities',
        typeof p?.protocolVersion === 'string' ? undefined : 'protocolVersion',
      ].filter((m): m is string => m !== undefined);
      if (missing.length > 0) report('app-initialize-shape', `The app's ui/initialize lacks ${missing.join(', ')}`);
      else if (p?.protocolVersion !== APPS_PROTOCOL_VERSION)
        report(
          'app-protocol-version',
          `The app asked for MCP Apps version ${String(p?.protocolVersion)}; the host speaks ${APPS_PROTOCOL_VERSION}`,
        );
      return;
    }
    if (this.initializeSeq === undefined && method !== 'ping')
      report('app-before-initialize', `The app sent ${method} before ui/initialize`);
    if (!APP_METHODS.has(method))
      report('app-unknown-method', `The app sent ${method}, which is neither a method of MCP Apps nor an MCP request a host proxies`);
    if (method === 'tools/call') {
      const name = p?.name;
      if (typeof name === 'string' && this.toolCallable(name) === false) {
        report('app-tool-visibility', `The app called ${name}, whose _meta.ui.visibility leaves apps out`);
        this.hiddenCalls.set(key, name);
      }
    } else if (method === 'ui/open-link') {
      const url = p?.url;
      if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
        report(
          'app-open-link-url',
          `The app asked to open ${typeof url === 'string' ? clip(url) : 'no URL'}: only http and https links are links a host opens`,
        );
    } else if (method === 'ui/message') {
      const content = p?.content;
      const blocks = Array.isArray(content) ? content : [content];
      const problems = [
        p?.role === 'user' ? undefined : `its role is ${JSON.stringify(p?.role) ?? 'missing'}, not "user"`,
        blocks.length > 0 && blocks.every((b) => typeof record(b)?.type === 'string') ? undefined : 'its content is not content blocks',
      ].filter((m): m is string => m !== undefined);
      if (problems.length > 0) report('app-message-shape', `The app's ui/message: ${problems.join('; ')}`);
    }
  }

  private appNotification(method: string, params: unknown, report: AppReport): void {
    const p = record(params);
    if (method === 'ui/notifications/initialized') {
      if (!this.answered)
        report('app-initialized-order', 'The app said ui/notifications/initialized before its ui/initialize was answered');
      this.initialized = true;
      return;
    }
    if (!APP_METHODS.has(method))
      report('app-unknown-method', `The app sent ${method}, which is neither a notification of MCP Apps nor one a host takes`);
    if (method === 'ui/notifications/size-changed') {
      const bad = (['width', 'height'] as const).filter(
        (k) => p?.[k] !== undefined && !(typeof p[k] === 'number' && Number.isFinite(p[k]) && p[k] >= 0),
      );
      if (bad.length > 0)
        report(
          'app-size-changed',
          `The app's size-changed gives ${bad.map((k) => `${k} ${JSON.stringify(p?.[k])}`).join(' and ')}: sizes are finite, non-negative pixels`,
        );
    }
  }

  private hostNotification(method: string, report: AppReport): void {
    if (!hostNeedsInitialized(method)) return;
    if (!this.initialized) {
      report('host-before-initialized', `The host sent ${method} before the app said ui/notifications/initialized`);
      return;
    }
    if (method === 'ui/notifications/tool-input' && ++this.toolInput > 1)
      report('host-before-initialized', 'The host sent ui/notifications/tool-input more than once');
    if (method === 'ui/notifications/tool-result' && this.toolInput === 0)
      report('host-before-initialized', 'The host sent ui/notifications/tool-result before ui/notifications/tool-input');
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
