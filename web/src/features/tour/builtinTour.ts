/**
 * The built-in tour, bundled as its text and read by the same reader as a trainer's file, so
 * the app plays exactly what protocol/tour/builtin/protocol.tour.yaml says (its tests play it too).
 */
import text from '../../../../protocol/tour/builtin/protocol.tour.yaml?raw';
import type { Tour } from '../../../../protocol/tour/format.js';
import { readTour } from '../../../../protocol/tour/parse.js';

export const BUILTIN_NAME = 'protocol.tour.yaml';

let read: ReturnType<typeof readTour> | undefined;

export function builtinTour(): { ok: true; tour: Tour } | { ok: false; error: string } {
  read ??= readTour(text, BUILTIN_NAME);
  return read;
}
