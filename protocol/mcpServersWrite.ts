/**
 * Connections written out as an `mcpServers` file, the shape Claude Desktop, Cursor and Claude
 * Code read (and protocol/mcpServersFile.ts reads back for Import config…). Pure.
 *
 * Only redacted configs go in (what the journal holds): env values, credential flags, header
 * values and URL credentials stay `[redacted]`, so the file can be shared, and the count of them
 * is returned for the app to say so: the user fills them in before use.
 */
import type { RedactedConnectionConfig } from './envelope.js';
import { REDACTED } from './redact/marker.js';

export interface ServerToWrite {
  /** What the entry is called; made a plain key and unique here. */
  name: string;
  config: RedactedConnectionConfig;
}

export interface WrittenServers {
  text: string;
  /** The entries' keys, in the file's order. */
  names: string[];
  /** Values written as [redacted]. */
  redacted: number;
}

/** A key that every one of those tools takes, e.g. `MCP Lens demo 0.1` -> `MCP-Lens-demo-0.1`. */
function plainName(name: string): string {
  const plain = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return plain === '' ? 'server' : plain;
}

function countRedacted(values: readonly string[]): number {
  return values.reduce((sum, value) => sum + value.split(REDACTED).length - 1, 0);
}

export function writeServersFile(servers: readonly ServerToWrite[]): WrittenServers {
  const entries: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  let redacted = 0;
  for (const { name, config } of servers) {
    // An MCP App's lane is no server a host could start.
    if (config.transport === 'app') continue;
    // The same server connected twice is one entry.
    const key = JSON.stringify(config);
    if (seen.has(key)) continue;
    seen.add(key);
    let entryName = plainName(name);
    for (let n = 2; entryName in entries; n++) entryName = `${plainName(name)}-${n}`;
    if (config.transport === 'http') {
      redacted += countRedacted([config.url, ...Object.values(config.headers)]);
      entries[entryName] = {
        type: 'http',
        url: config.url,
        ...(Object.keys(config.headers).length > 0 ? { headers: { ...config.headers } } : {}),
      };
    } else {
      redacted += countRedacted([config.command, ...config.args, ...Object.values(config.env), config.cwd ?? '']);
      entries[entryName] = {
        command: config.command,
        args: [...config.args],
        ...(Object.keys(config.env).length > 0 ? { env: { ...config.env } } : {}),
        ...(config.cwd === undefined || config.cwd === '' ? {} : { cwd: config.cwd }),
      };
    }
  }
  return { text: `${JSON.stringify({ mcpServers: entries }, null, 2)}\n`, names: Object.keys(entries), redacted };
}
