// Types for the session-file benchmark (openFile.mjs), for the e2e spec that opens the same file.

/** Writes a session file of `events` generated journal events under `dir`; its path and size. */
export function writeSessionFile(dir: string, events: number): Promise<{ file: string; bytes: number }>;
