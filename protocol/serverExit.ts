/**
 * A server that dies while being talked to usually says why on stderr just before: keep its
 * last few lines, so the one-line reason can carry them with the exit code.
 */

export interface ServerExit {
  code: number | null;
  signal: string | null;
}

/** "with code 7", "on signal SIGKILL". */
export function exitHow(exit: ServerExit): string {
  if (exit.signal) return `on signal ${exit.signal}`;
  return exit.code === null ? 'with no exit code' : `with code ${exit.code}`;
}

const KEEP_LINES = 3;
const MAX_LINE = 200;
// eslint-disable-next-line no-control-regex -- terminal colours and control characters are what this strips
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
// eslint-disable-next-line no-control-regex -- a one-line reason may hold no control characters
const CONTROL = /[\u0000-\u001f\u007f]+/g;

export class StderrTail {
  private lines: string[] = [];

  push(text: string): void {
    const line = text.replace(ANSI, '').replace(CONTROL, ' ').trim();
    if (line === '') return;
    this.lines.push(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line);
    if (this.lines.length > KEEP_LINES) this.lines.shift();
  }

  clear(): void {
    this.lines = [];
  }

  /** To end a reason: "; its last stderr: a | b", or that there was none. */
  describe(): string {
    return this.lines.length === 0 ? '; it wrote nothing on stderr' : `; its last stderr: ${this.lines.join(' | ')}`;
  }
}
