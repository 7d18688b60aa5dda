// The one HMAC codec for every demo tool's `requestState` (the opaque string an input_required
// round hands the client to echo back). The server takes a single `requestState.verify` hook, so
// confirm_action and research seal their states with the same key; each tool checks, on the way
// back in, that the state it reads is one of its own.

import { randomBytes } from 'node:crypto';

import { createRequestStateCodec } from '@modelcontextprotocol/server';

/** A state a demo tool minted: plain JSON, read back by the tool that wrote it. */
export type DemoRequestState = Record<string, unknown>;

/** The key lives only as long as this process: one process serves every round of a flow. */
export const requestStateCodec = createRequestStateCodec<DemoRequestState>({
  key: new Uint8Array(randomBytes(32)),
  ttlSeconds: 600,
});

/** Pass as `ServerOptions.requestState.verify` so tampered state never reaches a handler. */
export const verifyRequestState = requestStateCodec.verify;
