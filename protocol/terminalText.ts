/**
 * Text from outside (a server's lines, names, messages; a file's contents) made safe to print on
 * a terminal. A terminal acts on control characters rather than showing them: ESC starts
 * sequences that write the clipboard (OSC 52), hide links (OSC 8), clear the screen or retitle
 * the window; a carriage return or a bidirectional override makes one text look like another.
 * Each such character is shown as its JSON escape (`\u001b`) instead: it reads as what it is,
 * and inside a JSON string it stands for the same character, so JSON printed this way is still
 * the same JSON.
 */

/**
 * C0 controls but tab and line feed, DEL, C1 controls (U+009B is CSI on its own), and the
 * invisible marks that reorder or break lines: LRM, RLM, ALM, the line and paragraph
 * separators, the bidi embeddings, overrides and isolates.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const SHOWN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const SHOWN_AND_NEWLINES = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const escape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The text with every control character a terminal would act on shown as `\uXXXX`; line feeds and tabs kept. */
export function terminalText(text: string): string {
  return text.replace(SHOWN, escape);
}

/** terminalText for what must stay one line (a transcript line, a finding): line feeds shown too. */
export function terminalLine(text: string): string {
  return text.replace(SHOWN_AND_NEWLINES, escape);
}
