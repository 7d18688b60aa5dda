/**
 * Whether a process being opened speaks JSON-RPC on stdout at all. A program that is no MCP
 * server (a shell tool, a web server, a server started with the wrong flag) prints its banner or
 * its usage there and never answers: named at its first such line, not at the connect timeout.
 */
import type { Classified } from './jsonrpc.js';

const MAX_SHOWN = 120;
// eslint-disable-next-line no-control-regex -- terminal colours and control characters are what this strips
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
// eslint-disable-next-line no-control-regex -- a one-line reason may hold no control characters
const CONTROL = /[\u0000-\u001f\u007f]+/g;

export class StdoutWatch {
  private spoke = false;
  private first: string | undefined;
  private lines = 0;

  /**
   * One stdout line while opening. Returns what to tell the user when it is the first line that
   * is not JSON-RPC and none before it was; later ones only count.
   */
  onLine(message: Classified, text: string | undefined): string | undefined {
    if (message.kind !== 'non-json' && (message.kind !== 'invalid' || message.responseTo !== undefined)) {
      this.spoke = true;
      return undefined;
    }
    this.lines += 1;
    if (this.spoke || this.first !== undefined) return undefined;
    this.first = shown(text, message);
    return `stdout line 1 is not JSON-RPC (${this.first}): an MCP server over stdio writes only JSON-RPC messages on stdout, so this process may not be an MCP server`;
  }

  /** To end a time-out's reason: what stdout held when no JSON-RPC came (nothing to add over HTTP or when silent). */
  describe(): string {
    if (this.spoke || this.first === undefined) return '';
    const more = this.lines > 1 ? ` and ${this.lines - 1} more line${this.lines > 2 ? 's' : ''}` : '';
    return `; its stdout held no JSON-RPC, only ${this.first}${more}: this process does not look like an MCP server`;
  }

  clear(): void {
    this.spoke = false;
    this.first = undefined;
    this.lines = 0;
  }
}

function shown(text: string | undefined, message: Classified): string {
  if (text === undefined) return 'bytes that are not UTF-8';
  const line = text.replace(ANSI, '').replace(CONTROL, ' ').trim();
  if (line === '') return 'an empty line';
  const clipped = line.length > MAX_SHOWN ? `${line.slice(0, MAX_SHOWN)}…` : line;
  return message.kind === 'invalid' ? `JSON, but ${message.reason}: ${JSON.stringify(clipped)}` : JSON.stringify(clipped);
}
