/**
 * The apps-kitchen-sink fixture (e2e/fixtures), spawned and driven over stdio: it opens with the
 * handshake, lists its app tools with their ui:// resources and visibility, and every resource a
 * tool names reads back as one HTML document of the app MIME type, carrying its report hook.
 * The browser-side behaviour of the apps is for the Playwright tests that render them.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnStdioPeer, type StdioPeer } from '../demo/testing/stdioPeer.js';

const fixture = path.resolve(import.meta.dirname, '..', 'e2e', 'fixtures', 'apps-kitchen-sink.mjs');
const MIME = 'text/html;profile=mcp-app';

type Message = Record<string, unknown>;
interface Tool {
  name: string;
  _meta?: { ui?: { resourceUri?: string; visibility?: string[] }; 'ui/resourceUri'?: string };
}

let peer: StdioPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

async function start(): Promise<(method: string, params?: Message) => Promise<Message>> {
  const p = (peer = spawnStdioPeer(process.execPath, [fixture]));
  let nextId = 0;
  const send = (method: string, params: Message = {}) => p.request({ id: ++nextId, method, params });
  const init = await send('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  expect(init.result).toMatchObject({
    protocolVersion: '2025-11-25',
    capabilities: { tools: {}, resources: {}, extensions: { 'io.modelcontextprotocol/ui': {} } },
    serverInfo: { name: 'apps-kitchen-sink' },
  });
  p.notify({ method: 'notifications/initialized' });
  return send;
}

describe('apps-kitchen-sink fixture', () => {
  it('lists the app tools, the app-only tool and the model-only tool', async () => {
    const send = await start();
    const tools = ((await send('tools/list')).result as { tools: Tool[] }).tools;
    expect(tools.map((t) => t.name)).toEqual(['csp-app', 'escape-app', 'bad-app', 'visibility-app', 'app-only-tool', 'model-only-tool']);
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['csp-app', 'escape-app', 'bad-app', 'visibility-app']) {
      const meta = byName.get(name)?._meta;
      expect(meta?.ui?.resourceUri).toMatch(/^ui:\/\/kitchen-sink\/[a-z]+\.html$/);
      expect(meta?.['ui/resourceUri']).toBe(meta?.ui?.resourceUri);
    }
    expect(byName.get('app-only-tool')?._meta?.ui?.visibility).toEqual(['app']);
    expect(byName.get('model-only-tool')?._meta?.ui).toEqual({ visibility: ['model'] });
  });

  it('reads every ui:// resource a tool names: one HTML document with its report hook', async () => {
    const send = await start();
    const tools = ((await send('tools/list')).result as { tools: Tool[] }).tools;
    const listed = ((await send('resources/list')).result as { resources: Array<{ uri: string; mimeType: string }> }).resources;
    const uris = [...new Set(tools.flatMap((t) => (t._meta?.ui?.resourceUri ? [t._meta.ui.resourceUri] : [])))];
    expect(listed.map((r) => r.uri).sort()).toEqual(uris.sort());
    for (const uri of uris) {
      const contents = ((await send('resources/read', { uri })).result as { contents: Message[] }).contents;
      expect(contents).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri, mimeType: MIME });
      const html = String(contents[0]?.text);
      expect(html.startsWith('<!doctype html>')).toBe(true);
      const report = `${/([a-z]+)\.html$/.exec(uri)?.[1] ?? ''}-report`;
      expect(html).toContain(`id="${report}"`);
      // The page's script must be whole: nothing in it may close the script element early.
      expect(html.split('</script>')).toHaveLength(2);
    }
  });

  it('declares the CSP on the csp-app resource, and the content item overrides the listing', async () => {
    const send = await start();
    const csp = { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] };
    const listed = ((await send('resources/list')).result as { resources: Message[] }).resources;
    expect(listed.find((r) => r.uri === 'ui://kitchen-sink/csp.html')?._meta).toEqual({ ui: { csp, prefersBorder: false } });
    const read = (await send('resources/read', { uri: 'ui://kitchen-sink/csp.html' })).result as { contents: Message[] };
    expect(read.contents[0]?._meta).toEqual({ ui: { csp, prefersBorder: true } });
    expect((await send('resources/read', { uri: 'ui://kitchen-sink/none.html' })).error).toMatchObject({ code: -32002 });
  });

  it('answers the tools with text, the app-only and model-only ones saying they ran', async () => {
    const send = await start();
    const call = async (name: string) => (await send('tools/call', { name, arguments: {} })).result as Message;
    expect(await call('csp-app')).toMatchObject({ content: [{ type: 'text' }], structuredContent: { app: 'csp-app' } });
    expect(await call('app-only-tool')).toMatchObject({ content: [{ type: 'text', text: 'app-only-tool ran' }] });
    expect(await call('model-only-tool')).toMatchObject({ content: [{ type: 'text', text: 'model-only-tool ran' }] });
    expect(await call('nope')).toMatchObject({ isError: true });
  });
});
