/** One line per event, with its time since the first event: what --transcript prints. */
import type { BridgeEvent } from '../../protocol/envelope.js';
import { describeBytes, lineBytes } from '../../protocol/bytes.js';
import { httpText } from '../../protocol/http/describe.js';
import { terminalLine } from '../../protocol/terminalText.js';

/**
 * `http`: the connection is an HTTP one (its lines are bodies, which end with no newline).
 * A server's text in it stays on its one line, its control characters shown (terminalText).
 */
export function transcriptLine(event: BridgeEvent, t0: number, http = false): string {
  return terminalLine(eventLine(event, t0, http));
}

function eventLine(event: BridgeEvent, t0: number, http: boolean): string {
  const time = `+${(event.t - t0).toFixed(1).padStart(8)} ms`;
  switch (event.kind) {
    case 'line': {
      const arrow = event.stream === 'stdin' ? '→ stdin ' : event.stream === 'stdout' ? '← stdout' : '! stderr';
      const body = event.text ?? `(not UTF-8) ${describeBytes(lineBytes(event))}`;
      // An HTTP body has no line end of its own: only a stdio line without one was cut off.
      const end = event.eol === '\r\n' ? ' ⏎\\r\\n' : event.eol === '' && !http ? ' (no newline at exit)' : '';
      return `${time} ${arrow} ${body}${end}`;
    }
    case 'spawn':
      if (event.config.transport === 'http') return `${time} ● open    ${event.config.url} (HTTP)`;
      if (event.config.transport === 'app') return `${time} ● app     ${event.config.uri} (an MCP App on ${event.config.of})`;
      return `${time} ● spawn   pid ${event.pid ?? '?'}: ${[event.config.command, ...event.config.args].join(' ')}`;
    case 'spawn-error':
      return `${time} ✕ spawn   ${event.message}`;
    case 'exit':
      // An HTTP connection's exit has neither code nor signal: it was closed.
      if (event.code === null && event.signal === null) return `${time} ■ closed`;
      return `${time} ■ exit    ${event.signal ? `signal ${event.signal}` : `code ${event.code}`}${event.requested ? ' (stopped)' : ''}`;
    case 'stop':
      return `${time} ■ stop    ${event.step}`;
    case 'notice':
      return `${time} ℹ ${event.level.padEnd(7)} ${event.message}`;
    case 'note': {
      const data = event.data as { text?: unknown; reason?: unknown } | null;
      const text = typeof data?.text === 'string' ? data.text : typeof data?.reason === 'string' ? data.reason : JSON.stringify(event.data);
      return `${time} ✎ ${event.topic.padEnd(15)} ${text}`;
    }
    case 'http':
      return `${time} ${event.phase === 'request' ? '⇢' : '⇠'} http    ${httpText(event)}`;
    case 'auth':
      return `${time} ${event.phase === 'request' ? '⇢' : event.phase === 'response' ? '⇠' : '⚿'} auth    ${event.step}: ${event.text}`;
    default: {
      const never: never = event;
      return never;
    }
  }
}
