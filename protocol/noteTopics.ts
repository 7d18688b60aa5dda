// Its own module so that the linter, which reads these notes, need not import the session model.

/** Notes the app writes to the journal, so a reloaded tab rebuilds the same picture. */
export const NOTE_TOPICS = {
  connecting: 'connect.start',
  step: 'connect.step',
  connected: 'connect.done',
  failed: 'connect.failed',
  /** Something the server did that the client would not go along with (ClientSession's onFlag). */
  flag: 'session.flag',
  removed: 'conn.removed',
} as const;
