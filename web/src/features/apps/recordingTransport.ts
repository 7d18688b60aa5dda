/**
 * The postMessage channel to an app's sandbox frame, as the host bridge's transport: every
 * message either way is journaled on the app's lane exactly as it went (what the app sent, before
 * anything judges it), and only well-formed JSON-RPC reaches the bridge; the rest is reported.
 * Messages are taken only from the frame's own window and the sandbox's origin, and sent only to
 * that origin.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';

/** Past this a message is journaled cut (a frame to the bridge has a ceiling; the app's lane is no place for megabytes). */
export const MAX_RECORDED_CHARS = 4 * 1024 * 1024;

export interface LaneRecorder {
  (dir: 'from-app' | 'to-app', text: string): void;
}

/** One line of the lane: the message as JSON, or what it was when it cannot be written as JSON. */
export function lineOf(data: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(data) ?? String(data);
  } catch {
    // Structured clone carries what JSON cannot (a cycle, a BigInt): said as text.
    text = String(data);
  }
  text = text.replace(/\r?\n|\r/g, '\\n');
  return text.length > MAX_RECORDED_CHARS ? text.slice(0, MAX_RECORDED_CHARS) : text;
}

export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private listening = false;

  constructor(
    private readonly frame: () => Window | null,
    private readonly origin: string,
    private readonly record: LaneRecorder,
    /** A message that is not JSON-RPC: said to the user; the lane already holds it. */
    private readonly onInvalid: (reason: string) => void,
  ) {}

  private readonly listener = (event: MessageEvent): void => {
    const frame = this.frame();
    if (frame === null || event.source !== frame || event.origin !== this.origin) return;
    this.record('from-app', lineOf(event.data));
    const parsed = JSONRPCMessageSchema.safeParse(event.data);
    if (!parsed.success) {
      this.onInvalid(`a message that is not JSON-RPC 2.0: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return;
    }
    this.onmessage?.(parsed.data);
  };

  start(): Promise<void> {
    if (!this.listening) window.addEventListener('message', this.listener);
    this.listening = true;
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const frame = this.frame();
    if (frame === null) return Promise.reject(new Error('the app is gone'));
    this.record('to-app', lineOf(message));
    frame.postMessage(message, this.origin);
    return Promise.resolve();
  }

  close(): Promise<void> {
    window.removeEventListener('message', this.listener);
    this.listening = false;
    this.onclose?.();
    return Promise.resolve();
  }
}
