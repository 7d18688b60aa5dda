/** Which events the log shows. Pure. */
import type { BridgeEvent } from '../../../../protocol/envelope.js';

export interface LogFilter {
  text: string;
  conn: string;
  streams: { stdin: boolean; stdout: boolean; stderr: boolean; process: boolean; app: boolean };
}

export function laneOf(event: BridgeEvent): keyof LogFilter['streams'] {
  switch (event.kind) {
    case 'line':
      return event.stream;
    case 'note':
      return 'app';
    case 'spawn':
    case 'spawn-error':
    case 'exit':
    case 'stop':
    case 'notice':
      return 'process';
  }
}

export function matchesFilter(event: BridgeEvent, filter: LogFilter): boolean {
  if (!filter.streams[laneOf(event)]) return false;
  if (filter.conn !== '' && event.conn !== filter.conn) return false;
  if (filter.text === '') return true;
  const needle = filter.text.toLowerCase();
  const hay = event.kind === 'line' ? (event.text ?? '') : JSON.stringify(event);
  return hay.toLowerCase().includes(needle);
}
