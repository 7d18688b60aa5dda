// The default home is ~/.mcp-lens: a folder whose name starts with a dot. Files the bridge serves
// from under it (a journal, a saved index) and the app served from under one (npx installs under
// ~/.npm) must be sent, not refused as dotfiles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpGet, startTestBridge } from './testing/bridgeClient.js';

describe('a home or app folder under a dot folder', () => {
  it('serves the journal, and the app for any address', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-dot-'));
    const home = path.join(parent, '.mcp-lens');
    const staticDir = path.join(parent, '.npm', 'app');
    fs.mkdirSync(staticDir, { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    const t = await startTestBridge({ home, staticDir });
    try {
      const auth = { Authorization: `Bearer ${t.bridge.token}` };
      const journal = await httpGet(t.bridge.port, `/api/sessions/${t.bridge.session}/journal`, auth);
      expect(journal.status).toBe(200);
      expect(journal.body).toContain('listening on');
      const page = await httpGet(t.bridge.port, '/some/view');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>app</title>');
    } finally {
      await t.dispose();
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
