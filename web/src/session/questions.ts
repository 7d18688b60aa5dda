/**
 * Questions for the user that a server asks mid-request: elicitation, sampling and roots, both
 * as handshake-flow server requests and as stateless input_required rounds. A small queue the
 * dialog host renders one at a time; answering resolves the promise the engine awaits.
 */
import type { ServerAnswer } from '../../../protocol/clientSession.js';

export interface Question {
  id: number;
  conn: string;
  method: string;
  params: Record<string, unknown>;
  /** 'server-request' (handshake) or 'input-required' (stateless round). */
  via: 'server-request' | 'input-required';
  /** The capabilities the client declared on this connection: what it may agree to. */
  declared: Record<string, unknown>;
  answer: (answer: ServerAnswer) => void;
}

/** Answers the app gives without asking (roots/list, from the roots table); undefined: ask the user. */
export type SelfAnswer = (
  conn: string,
  method: string,
  params: Record<string, unknown>,
  via: Question['via'],
  declared: Record<string, unknown>,
) => ServerAnswer | undefined;

export class QuestionQueue {
  private items: Question[] = [];
  constructor(private readonly selfAnswer?: SelfAnswer) {}

  private counter = 0;
  private readonly listeners = new Set<() => void>();

  ask(
    conn: string,
    method: string,
    params: Record<string, unknown>,
    via: Question['via'],
    declared: Record<string, unknown>,
  ): Promise<ServerAnswer> {
    const answered = this.selfAnswer?.(conn, method, params, via, declared);
    if (answered) return Promise.resolve(answered);
    return new Promise((resolve) => {
      const id = ++this.counter;
      this.items = [
        ...this.items,
        {
          id,
          conn,
          method,
          params,
          via,
          declared,
          answer: (answer) => {
            this.items = this.items.filter((q) => q.id !== id);
            this.emit();
            resolve(answer);
          },
        },
      ];
      this.emit();
    });
  }

  /** Drops a connection's questions when it goes away, answering them as cancelled. */
  dropConn(conn: string): void {
    for (const q of this.items.filter((item) => item.conn === conn)) q.answer({ error: { code: -32603, message: 'the connection ended' } });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Question[] => this.items;

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
