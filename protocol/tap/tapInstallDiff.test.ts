import { describe, expect, it } from 'vitest';
import { changedLines } from './tapInstallDiff.js';
import { installTap } from './tapInstallEdit.js';

const LABEL = { before: 'a.json (mcpServers.x)', after: 'a.json (mcpServers.x, through the tap)' };

describe('changedLines', () => {
  it('shows the changed lines alone, under the line numbers they start at', () => {
    const before = '{\n  "mcpServers": {\n    "x": {\n      "command": "npx",\n      "args": ["-y", "pkg"]\n    }\n  }\n}\n';
    const after = before.replace('"npx"', '"/n"').replace('["-y"', '["/b.js", "tap", "--", "npx", "-y"');
    expect(changedLines(before, after, [], LABEL)).toBe(
      [
        '--- a.json (mcpServers.x)',
        '+++ a.json (mcpServers.x, through the tap)',
        '@@ -4,2 +4,2 @@',
        '-      "command": "npx",',
        '-      "args": ["-y", "pkg"]',
        '+      "command": "/n",',
        '+      "args": ["/b.js", "tap", "--", "npx", "-y", "pkg"]',
        '',
      ].join('\n'),
    );
  });

  it("masks the entry's secrets and cuts a one-line file to the change, so other entries' tokens stay off the screen", () => {
    const other = `"other": {"command": "srv", "env": {"TOKEN": "${'s'.repeat(300)}"}}`;
    const before = `{"mcpServers": {"x": {"command": "npx", "args": ["--api-key", "sk-live-abcdef123456"], "env": {"K": "v"}}, ${other}}}`;
    const installed = installTap(before, 'x', ['/n', '/b/bridge/bin.js']);
    if (!installed.ok) throw new Error(installed.message);
    const shown = changedLines(before, installed.text, installed.secrets, LABEL);
    expect(shown).not.toContain('sk-live-abcdef123456');
    expect(shown).toContain('"--api-key", "[redacted]"');
    expect(shown).not.toContain('s'.repeat(100));
    expect(shown).toMatch(
      /\n\+\{"mcpServers": \{"x": \{"command": "\/n", "args": \["\/b\/bridge\/bin.js", "tap", "--", "npx", .{0,100}…\n/,
    );
  });
});
