// The counter app's HTML, served at ui://demo/counter.html. It is a workshop teaching aid: one
// self-contained page (inline style and script, nothing fetched) that speaks the MCP Apps
// postMessage JSON-RPC by hand, no SDK, so every message it sends can be read here.
//
// Hooks a test can read: body[data-app-status] (loading, ready, error, torn-down),
// body[data-theme], body[data-count], #count, #tool-input, #tool-result (text of the last
// ui/notifications/tool-result), #add-result (answer of the last counter_add call, with
// data-status ok/error), #message-status, #link-status, #host-name.
//
// Kept in a .ts module rather than an .html file so the bundled demo server carries it.

export const COUNTER_APP_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Counter</title>
<style>
  /* Fallbacks for the host's variables (hostContext.styles.variables), which override them. */
  :root {
    color-scheme: light dark;
    --color-background-primary: light-dark(#ffffff, #1b1b1f);
    --color-background-secondary: light-dark(#f2f3f5, #2a2a30);
    --color-text-primary: light-dark(#1b1b1f, #f2f3f5);
    --color-text-secondary: light-dark(#5c5f66, #a6a8ad);
    --color-border-primary: light-dark(#d0d3d9, #3d3f45);
    --font-sans: system-ui, sans-serif;
    --font-mono: ui-monospace, monospace;
    --border-radius-md: 6px;
  }
  body {
    margin: 0;
    padding: 12px 16px;
    background: var(--color-background-primary);
    color: var(--color-text-primary);
    font-family: var(--font-sans);
  }
  h1 { font-size: 1rem; margin: 0 0 8px; }
  #count { font-size: 2.5rem; font-weight: 600; margin: 4px 0 12px; }
  button {
    font: inherit;
    padding: 4px 12px;
    margin-right: 8px;
    border: 1px solid var(--color-border-primary);
    border-radius: var(--border-radius-md);
    background: var(--color-background-secondary);
    color: inherit;
    cursor: pointer;
  }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 12px 0 0; }
  dt { color: var(--color-text-secondary); }
  dd { margin: 0; font-family: var(--font-mono); white-space: pre-wrap; word-break: break-word; }
</style>
</head>
<body data-app-status="loading">
<h1>Counter <small id="host-name"></small></h1>
<div id="count">0</div>
<button id="add-button" type="button">+1</button>
<button id="message-button" type="button">Tell the chat</button>
<a id="docs-link" href="https://modelcontextprotocol.io/">What is MCP?</a>
<dl>
  <dt>Tool input</dt><dd id="tool-input">(none yet)</dd>
  <dt>Tool result</dt><dd id="tool-result">(none yet)</dd>
  <dt>counter_add</dt><dd id="add-result">(not called)</dd>
  <dt>ui/message</dt><dd id="message-status">(not sent)</dd>
  <dt>ui/open-link</dt><dd id="link-status">(not asked)</dd>
</dl>
<script>
  'use strict';
  // --- JSON-RPC over postMessage: the host is the parent window (or its sandbox proxy). ---
  const host = window.parent;
  const pending = new Map();
  let nextId = 1;
  let hostCapabilities = {};

  function send(message) {
    // '*': the sandbox gives this page an opaque origin, so the host's origin is not known here.
    host.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
  }
  function request(method, params) {
    const id = nextId++;
    send({ id: id, method: method, params: params });
    return new Promise(function (resolve, reject) { pending.set(id, { resolve: resolve, reject: reject }); });
  }
  function notify(method, params) {
    send({ method: method, params: params });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== host) return; // only the host speaks to this app
    const msg = event.data;
    if (!msg || msg.jsonrpc !== '2.0') return;
    if (msg.method === undefined) {
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      if (msg.error) waiting.reject(new Error(msg.error.message));
      else waiting.resolve(msg.result);
    } else if (msg.id !== undefined) {
      answer(msg);
    } else {
      onNotification(msg.method, msg.params || {});
    }
  });

  // Requests from the host: ping, and the teardown the host must send before removing the app.
  function answer(msg) {
    if (msg.method === 'ping') return send({ id: msg.id, result: {} });
    if (msg.method === 'ui/resource-teardown') {
      document.body.dataset.appStatus = 'torn-down';
      return send({ id: msg.id, result: {} });
    }
    send({ id: msg.id, error: { code: -32601, message: 'Method not found: ' + msg.method } });
  }

  function onNotification(method, params) {
    if (method === 'ui/notifications/tool-input') {
      show('tool-input', JSON.stringify(params.arguments || {}));
      if (typeof (params.arguments || {}).start === 'number') setCount(params.arguments.start);
    } else if (method === 'ui/notifications/tool-result') {
      show('tool-result', textOf(params));
      if (params.structuredContent && typeof params.structuredContent.count === 'number') {
        setCount(params.structuredContent.count);
      }
    } else if (method === 'ui/notifications/host-context-changed') {
      applyContext(params); // a partial context: only what changed
    }
  }

  // --- What the page shows ---
  let count = 0;
  function show(id, text) { document.getElementById(id).textContent = text; }
  function setCount(value) {
    count = value;
    show('count', String(value));
    document.body.dataset.count = String(value);
  }
  function textOf(result) {
    const texts = (result.content || []).filter(function (b) { return b.type === 'text'; });
    return texts.map(function (b) { return b.text; }).join('\\n');
  }
  function applyContext(context) {
    if (context.theme === 'light' || context.theme === 'dark') {
      document.body.dataset.theme = context.theme;
      document.documentElement.style.colorScheme = context.theme; // picks a side of light-dark()
    }
    const variables = (context.styles && context.styles.variables) || {};
    for (const name of Object.keys(variables)) {
      if (name.startsWith('--') && typeof variables[name] === 'string') {
        document.documentElement.style.setProperty(name, variables[name]);
      }
    }
  }

  // --- Buttons: each one is a request to the host ---
  document.getElementById('add-button').addEventListener('click', function () {
    const add = document.getElementById('add-result');
    request('tools/call', { name: 'counter_add', arguments: { count: count, by: 1 } }).then(
      function (result) {
        add.dataset.status = result.isError ? 'error' : 'ok';
        show('add-result', textOf(result));
        if (result.structuredContent && typeof result.structuredContent.count === 'number') {
          setCount(result.structuredContent.count);
        }
      },
      function (error) {
        add.dataset.status = 'error';
        show('add-result', 'error: ' + error.message);
      },
    );
  });

  document.getElementById('message-button').addEventListener('click', function () {
    const content = [{ type: 'text', text: 'The counter is at ' + count + '.' }];
    request('ui/message', { role: 'user', content: content }).then(
      function (result) { show('message-status', result && result.isError ? 'refused' : 'sent'); },
      function (error) { show('message-status', 'error: ' + error.message); },
    );
  });

  // The sandbox blocks navigation and popups: the host opens links on the app's behalf.
  document.getElementById('docs-link').addEventListener('click', function (event) {
    event.preventDefault();
    request('ui/open-link', { url: event.currentTarget.href }).then(
      function (result) { show('link-status', result && result.isError ? 'refused' : 'opened'); },
      function (error) { show('link-status', 'error: ' + error.message); },
    );
  });

  // --- Size: the host sizes the iframe from what the app reports ---
  let lastSize = '';
  function reportSize() {
    const rect = document.documentElement.getBoundingClientRect();
    const size = { width: Math.ceil(rect.width), height: Math.ceil(rect.height) };
    const key = size.width + 'x' + size.height;
    if (key === lastSize) return;
    lastSize = key;
    notify('ui/notifications/size-changed', size);
  }

  // --- The handshake: ui/initialize, then initialized; the host sends nothing before that ---
  request('ui/initialize', {
    appInfo: { name: 'demo-counter', version: '0.1.0' },
    appCapabilities: { availableDisplayModes: ['inline'] },
    protocolVersion: '2026-01-26',
  }).then(
    function (result) {
      hostCapabilities = result.hostCapabilities || {};
      show('host-name', result.hostInfo ? 'in ' + result.hostInfo.name : '');
      applyContext(result.hostContext || {});
      notify('ui/notifications/initialized', {});
      document.body.dataset.appStatus = 'ready';
      new ResizeObserver(reportSize).observe(document.documentElement);
      if (hostCapabilities.logging) {
        notify('notifications/message', { level: 'info', logger: 'demo-counter', data: 'counter app ready' });
      }
    },
    function (error) {
      document.body.dataset.appStatus = 'error';
      show('tool-result', 'ui/initialize failed: ' + error.message);
    },
  );
</script>
</body>
</html>
`;
