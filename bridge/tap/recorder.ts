/**
 * Where a tap's record goes: a placeholder that keeps nothing, until the recorder that sends to a
 * running bridge's /ws/tap (or journals under the home) takes its place under the same export.
 */
import type { RedactedConnectionConfig, TapInfo } from '../../protocol/envelope.js';
import { tapConnId } from '../../protocol/tap/tapFrames.js';
import type { TapRecorder } from './types.js';

export function openTapRecorder(options: {
  tap: TapInfo;
  config: RedactedConnectionConfig;
  home?: string;
  err: NodeJS.WritableStream;
}): TapRecorder {
  return { conn: tapConnId(options.tap.id), record: () => undefined, line: () => undefined, close: () => Promise.resolve() };
}
