import { describe, expect, it } from 'vitest';
import { allowFeatures, appMayCall, appOnly, appResourceFrom, appResourceUri, toolVisibility } from './appTool.js';

describe('a tool’s MCP App', () => {
  it('names its ui:// resource in _meta.ui, or under the older flat key', () => {
    expect(appResourceUri({ _meta: { ui: { resourceUri: 'ui://demo/counter.html' } } })).toBe('ui://demo/counter.html');
    expect(appResourceUri({ _meta: { 'ui/resourceUri': 'ui://old/app.html' } })).toBe('ui://old/app.html');
    expect(appResourceUri({ _meta: { ui: { resourceUri: 'https://evil.example/app.html' } } })).toBeUndefined();
    expect(appResourceUri({ name: 'plain' })).toBeUndefined();
  });

  it('is visible to the model and apps unless visibility narrows it', () => {
    expect(toolVisibility({})).toEqual(['model', 'app']);
    expect(appMayCall({ _meta: { ui: { visibility: ['model'] } } })).toBe(false);
    expect(appOnly({ _meta: { ui: { visibility: ['app'] } } })).toBe(true);
    expect(appOnly({ _meta: { ui: { visibility: ['app', 'model'] } } })).toBe(false);
  });

  it('reads the HTML from text or a base64 blob, and says why when there is none', () => {
    const uri = 'ui://demo/a.html';
    expect(
      appResourceFrom(uri, { contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>', _meta: { ui: { csp: {} } } }] }),
    ).toEqual({
      uri,
      html: '<p>hi</p>',
      mimeType: 'text/html;profile=mcp-app',
      ui: { csp: {} },
    });
    expect(appResourceFrom(uri, { contents: [{ uri, blob: Buffer.from('<b>é</b>').toString('base64') }] })).toMatchObject({
      html: '<b>é</b>',
    });
    expect(appResourceFrom(uri, { contents: [] })).toEqual({ problem: 'resources/read returned no contents' });
    expect(appResourceFrom(uri, { contents: [{ uri }] })).toEqual({ problem: 'the resource has neither text nor blob' });
  });

  it('asks the frame for the permissions the extension names, and no others', () => {
    expect(allowFeatures({ camera: {}, clipboardWrite: {}, usb: {} })).toEqual(['camera', 'clipboard-write']);
    expect(allowFeatures(undefined)).toEqual([]);
  });
});
