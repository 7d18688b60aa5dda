/**
 * The secret values of every connection the bridge opened this run, masked in whatever it
 * journals: a note the app wrote (a comparison's start, say, naming the command line), and a
 * line a server wrote, which may echo a token it was given. The bridge knows these values, so
 * none of them reaches the journal, a socket or an export, whatever carried it there.
 */
import type { ConnectionConfig, UnstampedEvent } from '../protocol/envelope.js';
import { REDACTED } from '../protocol/redact.js';
import { configSecrets, maskJson, secretForms } from '../protocol/secretMask.js';

const MARKER = Buffer.from(REDACTED);

export class KnownSecrets {
  private readonly values = new Set<string>();
  /** Each value's forms (as is, JSON-escaped) as bytes, longest first. */
  private forms: Buffer[] = [];

  /** Kept for the rest of the run: a note written after a server stopped may still name its values. */
  learn(config: ConnectionConfig): void {
    let grew = false;
    for (const value of configSecrets(config)) {
      if (this.values.has(value)) continue;
      this.values.add(value);
      grew = true;
    }
    if (!grew) return;
    this.forms = secretForms(this.values)
      .map((form) => Buffer.from(form))
      .sort((a, b) => b.length - a.length);
  }

  /** A value the bridge came to hold after the config (a token the OAuth client obtained). */
  learnValue(value: string): void {
    if (value.length < 4 || this.values.has(value)) return;
    this.values.add(value);
    this.forms = secretForms(this.values)
      .map((form) => Buffer.from(form))
      .sort((a, b) => b.length - a.length);
  }

  /** An event with every known value masked (its config and messages were masked by their host already). */
  maskEvent(event: UnstampedEvent): UnstampedEvent {
    if (this.values.size === 0) return event;
    const masked = maskJson(event, [...this.values]);
    // A value that spanned the event's own punctuation: the event is replaced by what it was.
    if (typeof masked === 'string')
      return { kind: 'notice', level: 'warn', message: `a ${event.kind} event held a secret value and was not recorded` };
    return masked;
  }

  /** A line's bytes with every known value masked; the same buffer when none occurs. */
  maskBytes(bytes: Buffer): Buffer {
    let out = bytes;
    for (const form of this.forms) {
      let at = out.indexOf(form);
      if (at === -1) continue;
      const parts: Buffer[] = [];
      let from = 0;
      while (at !== -1) {
        parts.push(out.subarray(from, at), MARKER);
        from = at + form.length;
        at = out.indexOf(form, from);
      }
      parts.push(out.subarray(from));
      out = Buffer.concat(parts);
    }
    return out;
  }
}
