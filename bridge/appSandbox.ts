/**
 * The MCP Apps sandbox: a second loopback listener whose one page is the proxy an app is
 * rendered through. The page runs on this listener's origin, never the app's (the bridge's
 * port): an app, and the proxy around it, cannot reach the bridge's token, its API or the
 * page's storage, whatever they run. The proxy gets the app's HTML by postMessage from the page
 * that framed it (one of the bridge's own origins, checked on every message) and renders it in
 * an inner frame with no origin of its own (sandboxed without allow-same-origin), under the
 * policy the app's resource declared, sent here as a header the app cannot change and that its
 * inner document inherits.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { appCsp } from '../protocol/apps/csp.js';
import { PERMISSION_FEATURES, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '../protocol/apps/appTool.js';

export interface AppSandbox {
  /** http://127.0.0.1:<port>: where the page frames `/sandbox`. */
  origin: string;
  server: http.Server;
}

/** The sandbox flags an inner frame may have: never allow-same-origin, never top navigation. */
const INNER_SANDBOX = ['allow-scripts', 'allow-forms', 'allow-modals', 'allow-popups', 'allow-downloads'];

export async function listenAppSandbox(options: {
  host: string;
  urlHost: string;
  /** The origins that may frame the proxy and talk to it: the bridge's own (and the dev server's). */
  frameOrigins: () => string[];
  anyHost: boolean;
}): Promise<AppSandbox> {
  const server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    if (!options.anyHost && ![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(hostHeader)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Host not allowed');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (req.method !== 'GET' || url.pathname !== '/sandbox') {
      res.writeHead(404, { 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' }).end('not found');
      return;
    }
    // No `csp` declared is not an empty one: the extension's default reaches nothing at all.
    let declared: unknown;
    const given = url.searchParams.get('csp');
    try {
      declared = given === null ? undefined : JSON.parse(given);
    } catch {
      declared = {};
    }
    const { policy } = appCsp(declared);
    const origins = options.frameOrigins();
    // A CSP source cannot name an IPv6 literal: a page on [::1] is left to the proxy's own check of
    // every message's origin, which holds whoever frames it.
    const ancestors = origins.filter((o) => !o.includes('['));
    const frameAncestors = options.urlHost.startsWith('[') ? '' : `; frame-ancestors ${ancestors.join(' ') || "'none'"}`;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': `${policy}${frameAncestors}`,
    });
    res.end(proxyPage(origins, policy));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { origin: `http://${options.urlHost}:${(server.address() as AddressInfo).port}`, server };
}

/** Text safe inside a <script> element: no `</script`, no `<!--`. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function proxyPage(origins: string[], policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>
(() => {
  const hosts = ${scriptJson(origins)};
  const meta = ${scriptJson(meta)};
  const flags = new Set(${scriptJson(INNER_SANDBOX)});
  const features = ${scriptJson(PERMISSION_FEATURES)};
  let parentOrigin;
  let inner;
  // Only a frame of the bridge's page may use the proxy; a window of any other origin is ignored.
  if (window.parent === window) return;
  const load = (params) => {
    inner = document.createElement('iframe');
    const asked = typeof params.sandbox === 'string' ? params.sandbox.split(/\\s+/) : ['allow-scripts'];
    inner.setAttribute('sandbox', asked.filter((flag) => flags.has(flag)).join(' '));
    const permissions = params.permissions && typeof params.permissions === 'object' ? params.permissions : {};
    inner.setAttribute('allow', Object.keys(features).filter((k) => permissions[k]).map((k) => features[k]).join('; '));
    inner.srcdoc = meta + String(params.html);
    document.body.appendChild(inner);
  };
  window.addEventListener('message', (event) => {
    if (event.source === window.parent) {
      if (!hosts.includes(event.origin)) return;
      const message = event.data;
      if (message && typeof message === 'object' && message.method === ${scriptJson(SANDBOX_RESOURCE_READY)}) {
        if (inner) return;
        parentOrigin = event.origin;
        load(message.params && typeof message.params === 'object' ? message.params : {});
        return;
      }
      if (inner && inner.contentWindow && event.origin === parentOrigin) inner.contentWindow.postMessage(message, '*');
    } else if (inner && event.source === inner.contentWindow && parentOrigin) {
      window.parent.postMessage(event.data, parentOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: ${scriptJson(SANDBOX_PROXY_READY)}, params: {} }, '*');
})();
</script></body></html>`;
}
