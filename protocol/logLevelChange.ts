/**
 * The log level changed on an open connection, as each flow allows. Handshake: one
 * logging/setLevel, session-wide; it has no "off", so the quietest a user can ask for is
 * emergency. Stateless (2026-07-28, setLevel removed): the level rides in the _meta of every
 * request from then on, and no level means no log messages.
 */
import type { ClientSession } from './clientSession.js';
import { META_KEYS, type LogLevel } from './flows.js';
import { errorCodeName } from './jsonrpc.js';

export async function changeLogLevel(session: ClientSession, level: LogLevel | undefined): Promise<string> {
  if (session.flow === 'stateless') {
    session.logLevel = level;
    return level === undefined
      ? `no level in _meta from now on: the server sends no log messages`
      : `${level} goes in _meta (${META_KEYS.logLevel}) on every request from now on`;
  }
  if (level === undefined) return 'the handshake flow cannot take a level back: pick emergency to quiet the server';
  const outcome = await session.request('logging/setLevel', { level }, { timeoutMs: 10_000 }).done;
  switch (outcome.kind) {
    case 'result':
      return `logging/setLevel ${level}: accepted`;
    case 'error':
      return `logging/setLevel ${level}: refused: ${outcome.error.code} ${errorCodeName(outcome.error.code)}: ${String(outcome.error.message).slice(0, 120)}`;
    case 'timeout':
      return `logging/setLevel ${level}: no answer within ${outcome.afterMs} ms`;
    case 'invalid':
      return `logging/setLevel ${level}: an invalid answer: ${outcome.reason.slice(0, 120)}`;
    case 'cancelled':
    case 'closed':
    case 'transport':
      return `logging/setLevel ${level}: ${outcome.kind}: ${outcome.reason.slice(0, 120)}`;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}
