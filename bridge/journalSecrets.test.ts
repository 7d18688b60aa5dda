// What the bridge writes to disk about a server's config: no secret from its arguments, env or marks.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../protocol/envelope.js';
import { REDACTED } from '../protocol/redact.js';
import { BridgeClient, fixturePath, startTestBridge, type TestBridge } from './testing/bridgeClient.js';

let t: TestBridge;
let client: BridgeClient;

beforeAll(async () => {
  t = await startTestBridge();
  client = await BridgeClient.connect(t.bridge);
});

afterAll(async () => {
  await client.close();
  await t.dispose();
});

const ended = (conn: string): Promise<BridgeEvent> =>
  client.waitForEvent((e) => e.conn === conn && (e.kind === 'exit' || e.kind === 'spawn-error'), { what: `the end of ${conn}` });

describe('the journal on disk', () => {
  it('holds no secret given in arguments, env or marked values, for a server that ran and for one that could not start', async () => {
    const secretArgs = [
      '--api-key=SECRET-a1',
      '--token',
      'SECRET-b2',
      '-t',
      'SECRET-c3',
      '--header',
      'Authorization: Bearer SECRET-d4',
      'https://user:SECRET-e5@example.com/?api_key=SECRET-f6',
      '--name',
      'SECRET-g7-marked',
    ];
    const env = { API_KEY: 'SECRET-h8', DEBUG: '1' };
    await client.spawn('ran', {
      command: process.execPath,
      args: [fixturePath('args-echo.mjs'), ...secretArgs],
      env,
      secrets: ['SECRET-g7-marked'],
    });
    // The server echoes its arguments: the bridge knows those values, and records the echo masked.
    const echoed = await client.waitForLine('ran', 'stdout', '"argv"');
    await ended('ran');

    client.send({
      type: 'spawn',
      conn: 'missing',
      config: { command: 'API_KEY=SECRET-i9 no-such-command-x', args: ['--password', 'SECRET-j0'], env },
    });
    client.send({
      type: 'spawn',
      conn: 'no-cwd',
      config: { command: process.execPath, args: [], env: {}, cwd: path.join('/nonexistent', 'SECRET-k1'), secrets: ['SECRET-k1'] },
    });
    expect(await ended('missing')).toMatchObject({ kind: 'spawn-error', code: 'ENOENT' });
    expect(await ended('no-cwd')).toMatchObject({
      kind: 'spawn-error',
      message: `working directory does not exist: /nonexistent/${REDACTED}`,
    });

    const recordedArgs = [
      `--api-key=${REDACTED}`,
      '--token',
      REDACTED,
      '-t',
      REDACTED,
      '--header',
      `Authorization: Bearer ${REDACTED}`,
      `https://user:${REDACTED}@example.com/?api_key=${REDACTED}`,
      '--name',
      REDACTED,
    ];
    const journal = fs.readFileSync(t.bridge.journalFile, 'utf8');
    const recorded = journal.split('\n');
    expect(recorded.filter((line) => line.includes('SECRET'))).toEqual([]);
    const spawn = recorded.map((line) => (line ? (JSON.parse(line) as BridgeEvent) : undefined)).find((e) => e?.kind === 'spawn');
    expect(spawn?.kind === 'spawn' && spawn.config).toEqual({
      command: process.execPath,
      args: [fixturePath('args-echo.mjs'), ...recordedArgs],
      env: { API_KEY: REDACTED, DEBUG: REDACTED },
    });
    expect(journal).not.toContain('"secrets"');
    expect(JSON.parse(echoed.text ?? '').argv).toEqual(recordedArgs);
  });
});

describe('a note the app writes', () => {
  it('has every value a connection of this run was given masked, after the connection ended too', async () => {
    await client.spawn('noted', {
      command: process.execPath,
      args: [fixturePath('args-echo.mjs'), '--token', 'SECRET-n1'],
      env: { K: 'SECRET-n2' },
    });
    await ended('noted');
    const from = client.mark();
    client.send({
      type: 'note',
      topic: 'compare.start',
      data: { command: 'node', args: ['--token', 'SECRET-n1'], said: 'K was "SECRET-n2"', kept: 'short 1' },
    });
    const note = await client.waitForEvent((e) => e.kind === 'note' && e.topic === 'compare.start', { from, what: 'the note' });
    expect(note.kind === 'note' && note.data).toEqual({
      command: 'node',
      args: ['--token', REDACTED],
      said: `K was "${REDACTED}"`,
      kept: 'short 1',
    });
    expect(fs.readFileSync(t.bridge.journalFile, 'utf8')).not.toMatch(/SECRET-n[12]/);
  });
});
