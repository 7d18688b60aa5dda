/** Raw request lines a test sends through a connection card, in either flow, and the journal they land in. */
import fs from 'node:fs';
import path from 'node:path';
import type { FlowName } from '../pages/appPage.js';

/** What a stateless request must carry; the demo server refuses one without it (-32602). */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'e2e', version: '0.0.0' },
};

/** A tools/call line as a user would type it into the raw-line box, with an id of the test's choosing. */
export function toolCallLine(flow: FlowName, id: string, name: string, args: Record<string, unknown>): string {
  const params: Record<string, unknown> = { name, arguments: args };
  if (flow === 'Stateless') params._meta = ENVELOPE;
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
}

/** The events of the bridge's current journal under a test's home (one session per bridge run). */
export function journalEvents(home: string): Array<Record<string, unknown>> {
  const dir = path.join(home, 'journal');
  const newest = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => ({ name, mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)[0];
  if (!newest) return [];
  return fs
    .readFileSync(path.join(dir, newest.name), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
