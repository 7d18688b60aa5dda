// `mcp-lens check` against a server that breaks the task rules in each flow: every task rule
// that a check run can show (it never calls a tool, nor asks for tasks) is reported by id,
// citing the pages of the session's own revision, and the run exits 1.
import { describe, expect, it } from 'vitest';
import { fixtureServer, runLens } from '../testing/runCli.js';

const server = fixtureServer('task-breaker.mjs');

describe.concurrent('mcp-lens check: a server that breaks the task rules', { timeout: 300_000 }, () => {
  it('handshake: an ended task that moves again, a malformed task, a task nobody asked for', async () => {
    const run = await runLens(['check', '--flow', 'handshake', '--', ...server]);
    expect(run.code).toBe(1);
    for (const rule of ['task-status-transition', 'task-shape', 'task-not-requested']) expect(run.stdout, rule).toContain(`error ${rule}:`);
    expect(run.stdout).toContain(
      'see https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle',
    );
    expect(run.stdout).not.toContain('specification/2026-07-28');
  });

  it('stateless: a result while working, a task the read did not declare, a -32021 that names nothing', async () => {
    const run = await runLens(['check', '--flow', 'stateless', '--', ...server]);
    expect(run.code).toBe(1);
    for (const rule of ['task-result-status', 'task-not-requested', 'missing-capability-error', 'stateless-unrequested-notification']) {
      expect(run.stdout, rule).toContain(`error ${rule}:`);
    }
    expect(run.stdout).toContain('see https://modelcontextprotocol.io/extensions/tasks/overview#task-lifecycle');
    expect(run.stdout).toContain('requiredCapabilities.extensions that names no extension');
  });
});
