// Tasks for the demo, in front of the SDK. SDK v2 has no task runtime (its task methods are
// 2025-11-25 vocabulary only, and its 2026 codec strips `execution.taskSupport` and
// `capabilities.tasks`), so this transport wrapper serves them: it sits between the pinning
// transport and the SDK, hands what belongs to tasks to the task layer of the connection's flow
// (tasksHandshake.ts or tasksStateless.ts), which answers it on the wire itself, and lets the
// layer add to the SDK's results where tasks must show (capabilities, the tool list). Everything
// else passes both ways untouched.
//
// The flow is the one the pinning transport chose from the first message, so the layer is picked
// once, when the first message that pinned it arrives, and kept for the life of the process.

import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/server';

import type { FlowPinningTransport } from './flowPin.js';
import { HandshakeTasks } from './tasksHandshake.js';
import { StatelessTasks } from './tasksStateless.js';
import type { Send, TaskLayer } from './taskWire.js';

export class TaskTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion(version);

  private layer: TaskLayer | undefined;

  constructor(private readonly inner: FlowPinningTransport) {
    inner.onclose = () => {
      this.layer?.close();
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.receive(message, extra);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.layer && 'result' in message && 'id' in message) {
      const result = this.layer.patch(message.id, message.result);
      if (result !== message.result) return this.inner.send({ ...message, result }, options);
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    this.layer?.close();
    return this.inner.close();
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.layer ??= this.layerFor(this.inner.pinnedFlow);
    const onward = this.layer ? this.layer.take(message) : message;
    if (onward) this.onmessage?.(onward, extra);
  }

  private layerFor(flow: FlowPinningTransport['pinnedFlow']): TaskLayer | undefined {
    const send: Send = (message, options) => {
      this.inner.send(message, options).catch((error: unknown) => {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      });
    };
    if (flow === 'handshake') return new HandshakeTasks(send);
    if (flow === 'stateless') return new StatelessTasks(send);
    return undefined;
  }
}
