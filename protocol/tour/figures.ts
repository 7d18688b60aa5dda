/**
 * The figures of a tour so far, per connection, counted as the Compare tab counts a column
 * (protocol/compare.ts): every line is a message, a response in either direction is a round
 * trip, bytes are the line's UTF-8 plus its newline, and the time is the sum of each step's,
 * from its message sent to its outcome.
 */
import type { Figures } from '../compare.js';
import { utf8Encode } from '../bytes.js';
import { classifyText } from '../jsonrpc.js';
import type { PlayerState } from './player.js';
import { stepConnection } from './steps.js';

export type { Figures };

export interface ConnectionFigures {
  connection: string;
  flow: PlayerState['connections'][string]['flow'];
  label?: string;
  figures: Figures;
}

/** One entry per connection of the tour, in the tour's order, launched or not. */
export function tourFigures(state: PlayerState): ConnectionFigures[] {
  return Object.entries(state.tour.connections).map(([connection, c]) => {
    const figures: Figures = { messages: 0, roundTrips: 0, bytesSent: 0, bytesReceived: 0, ms: 0 };
    for (const line of state.log) {
      if (line.connection !== connection) continue;
      figures.messages++;
      const bytes = utf8Encode(line.text).length + 1;
      if (line.dir === 'sent') figures.bytesSent += bytes;
      else figures.bytesReceived += bytes;
      const kind = classifyText(line.text).kind;
      if (kind === 'result' || kind === 'error') figures.roundTrips++;
    }
    state.steps.forEach((st, i) => {
      if (stepConnection(state.tour, i) !== connection || st.startedAt === undefined || st.endedAt === undefined) return;
      figures.ms += Math.max(0, st.endedAt - st.startedAt);
    });
    return { connection, flow: c.flow, ...(c.label === undefined ? {} : { label: c.label }), figures };
  });
}
