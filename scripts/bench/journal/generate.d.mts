// Types for the journal generator (generate.mjs), for the TypeScript tests that use it.

export interface GenerateOptions {
  file: string;
  /** Exactly this many events (at least 500). Default 1,000,000. */
  events?: number;
  /** Same seed, same bytes. Default 1. */
  seed?: number;
  /** Demo-server connections started at the beginning, alternating handshake and stateless. Default 4. */
  conns?: number;
  /** The first event's time (ms since the epoch). */
  startMs?: number;
}

export interface JournalCensus {
  file: string;
  events: number;
  seed: number;
  /** How many journaled steps carried each tag: `request`, `method:<m>`, `status:<s>`, `stderr`, `invalid-utf8`, ... */
  tags: Record<string, number>;
  /** A text only one exchange holds (a stateless echo), and the seqs of the lines holding it. */
  needle: string;
  needleSeqs: number[];
  bytes: number;
  tMin: number;
  tMax: number;
  conns: Array<{ conn: string; flow: 'handshake' | 'stateless' }>;
  /** The oddities placed, in order (nonJson, invalidUtf8Stdout, crash, ...). */
  oddities: string[];
}

export function generateJournal(options: GenerateOptions): Promise<JournalCensus>;
export function generateSession(options: Omit<GenerateOptions, 'file'> & { home: string }): Promise<JournalCensus & { session: string }>;
export function sessionIdFor(startMs: number, seed: number): string;
