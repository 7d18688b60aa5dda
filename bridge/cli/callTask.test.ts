// `mcp-lens call --task` against real servers: the demo's `research` in each flow (an input
// round in the middle) and server-everything's `simulate-research-query`, whose taskSupport is
// required, so it runs as a task without --task. stdout must be the final result exactly as the
// server wrote it, cut from the recorded line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memberText } from '../../protocol/jsonSpan.js';
import { repoRoot, runLens } from '../testing/runCli.js';

const demo = ['node', path.join(repoRoot, 'dist', 'node', 'demo', 'server.js')];
const everything = ['node', path.join(repoRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'), 'stdio'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-call-task-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface LineEvent {
  kind: string;
  stream?: string;
  text?: string;
}

/** The stdout lines of a recorded session, parsed, with their exact text. */
function serverLines(file: string): { text: string; message: Record<string, unknown> }[] {
  const session = JSON.parse(fs.readFileSync(file, 'utf8')) as { events: LineEvent[] };
  return session.events
    .filter((e) => e.kind === 'line' && e.stream === 'stdout' && typeof e.text === 'string')
    .map((e) => ({ text: e.text as string, message: JSON.parse(e.text as string) as Record<string, unknown> }));
}

/** The client's lines (stdin) of a recorded session, parsed. */
function clientMessages(file: string): Record<string, unknown>[] {
  const session = JSON.parse(fs.readFileSync(file, 'utf8')) as { events: LineEvent[] };
  return session.events
    .filter((e) => e.kind === 'line' && e.stream === 'stdin' && typeof e.text === 'string')
    .map((e) => JSON.parse(e.text as string) as Record<string, unknown>);
}

const accept = ['--elicit', 'accept'];

describe.concurrent('mcp-lens call --task', { timeout: 300_000 }, () => {
  it('the demo, handshake flow: params.task, polls, tasks/result with the question answered; the result exactly', async () => {
    const record = path.join(dir, 'demo-handshake.json');
    const args = ['--tool-args-json', '{"topic":"owls","steps":2,"stepMs":50}', '--elicit-content', '{"depth":"thorough"}'];
    const run = await runLens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'research',
      ...args,
      ...accept,
      '--task',
      '--record',
      record,
      '--',
      ...demo,
    ]);
    expect(run.stderr).toContain('input_required');
    expect(run.code).toBe(0);
    const sent = clientMessages(record);
    const call = sent.find((m) => m.method === 'tools/call');
    expect(call?.params).toMatchObject({ name: 'research', task: {} });
    const resultRequest = sent.find((m) => m.method === 'tasks/result');
    const answer = serverLines(record).find((l) => l.message.id === resultRequest?.id);
    expect(run.stdout).toBe(`${memberText(answer?.text ?? '', 'result')}\n`);
    expect(JSON.parse(run.stdout)).toMatchObject({ structuredContent: { topic: 'owls', depth: 'thorough', steps: 2 } });
    // The question came tied to the task, and its answer went back.
    const question = serverLines(record).find((l) => l.message.method === 'elicitation/create');
    expect(JSON.stringify(question?.message)).toContain('io.modelcontextprotocol/related-task');
    expect(sent.some((m) => m.id === question?.message.id && 'result' in m)).toBe(true);
  });

  it('the demo, stateless flow: the extension declared, tasks/update for the question, the result inside the last tasks/get', async () => {
    const record = path.join(dir, 'demo-stateless.json');
    const args = [
      '--tool-args-json',
      '{"topic":"owls","steps":2,"stepMs":50}',
      '--elicit-content',
      '{"depth":"brief"}',
      '--poll-interval',
      '60',
    ];
    const run = await runLens([
      'call',
      '--flow',
      'stateless',
      '--method',
      'tools/call',
      '--tool-name',
      'research',
      ...args,
      ...accept,
      '--task',
      '--record',
      record,
      '--',
      ...demo,
    ]);
    expect(run.code).toBe(0);
    const sent = clientMessages(record);
    expect(JSON.stringify(sent.find((m) => m.method === 'tools/call'))).toContain('"extensions":{"io.modelcontextprotocol/tasks":{}}');
    expect(sent.some((m) => m.method === 'tasks/update')).toBe(true);
    const polls = sent.filter((m) => m.method === 'tasks/get');
    const last = serverLines(record).find((l) => l.message.id === polls.at(-1)?.id);
    expect(run.stdout).toBe(`${memberText(memberText(last?.text ?? '', 'result') ?? '', 'result')}\n`);
    expect(JSON.parse(run.stdout)).toMatchObject({ structuredContent: { depth: 'brief' } });
  });

  it('server-everything: a tool whose taskSupport is required runs as a task, its clarification answered', async () => {
    const record = path.join(dir, 'everything.json');
    const args = ['--tool-args-json', '{"topic":"owls","ambiguous":true}', '--elicit-content', '{"interpretation":"technical"}'];
    const run = await runLens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'simulate-research-query',
      ...args,
      ...accept,
      '--record',
      record,
      '--',
      ...everything,
    ]);
    expect(run.stderr).toContain('requires a task');
    expect(run.code).toBe(0);
    const resultRequest = clientMessages(record).find((m) => m.method === 'tasks/result');
    const answer = serverLines(record).find((l) => l.message.id === resultRequest?.id);
    expect(run.stdout).toBe(`${memberText(answer?.text ?? '', 'result')}\n`);
    expect(run.stdout).toContain('Research Report: owls (technical)');
  });

  it('--task on a tool that forbids tasks: sent all the same, with a warning, and the server’s refusal printed', async () => {
    const run = await runLens([
      'call',
      '--flow',
      'handshake',
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-args-json',
      '{"message":"hi"}',
      '--task',
      '--',
      ...demo,
    ]);
    expect(run.stderr).toContain('warning: the server does not take tool tasks, or echo does not');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('"error"');
  });
});
