import { describe, expect, it } from 'vitest';
import type { AuthEvent } from './envelope.js';
import { authSummary, diagramStep, heldRequest, runOf, safeHttpUrl, waitingStep } from './authLane.js';
import { redactHttpConfig } from './redact.js';

let seq = 0;
const auth = (e: Omit<AuthEvent, 'seq' | 't' | 'kind'>): AuthEvent => ({ seq: ++seq, t: 1_000 + seq, kind: 'auth', ...e });
const metadata = { method: 'GET', url: 'https://as.example/.well-known/oauth-authorization-server', headers: {} };

describe('the authorization lane', () => {
  it('reads a step as its HTTP exchange or its verdict', () => {
    expect(authSummary(auth({ run: 'r', step: 'server-metadata', phase: 'response', status: 200, text: 'x', http: metadata }))).toBe(
      'auth · server-metadata ⇠ 200 GET https://as.example/.well-known/oauth-authorization-server',
    );
    expect(authSummary(auth({ run: 'r', step: 'server-metadata', phase: 'request', text: 'x', http: metadata }))).toBe(
      'auth · server-metadata ⇢ GET https://as.example/.well-known/oauth-authorization-server',
    );
    expect(authSummary(auth({ run: 'r', step: 'resource-metadata', phase: 'failed', text: 'names another resource' }))).toBe(
      'auth · resource-metadata ✗ names another resource',
    );
  });

  it('draws requests out to the step’s peer, responses back, verdicts as notes, the browser step to the browser', () => {
    const arrow = (e: AuthEvent): string => {
      const d = diagramStep(e);
      return `${d.from}>${d.to}:${d.shape}`;
    };
    expect(arrow(auth({ run: 'r', step: 'token', phase: 'request', text: '', http: metadata }))).toBe('client>as:arrow');
    expect(arrow(auth({ run: 'r', step: 'token', phase: 'response', status: 200, text: '', http: metadata }))).toBe('as>client:arrow');
    expect(arrow(auth({ run: 'r', step: 'retry', phase: 'request', text: '' }))).toBe('client>server:arrow');
    expect(arrow(auth({ run: 'r', step: 'authorization', phase: 'waiting', text: '' }))).toBe('client>browser:arrow');
    expect(arrow(auth({ run: 'r', step: 'resource-metadata', phase: 'failed', text: '' }))).toBe('server>server:note');
    expect(diagramStep(auth({ run: 'r', step: 'resource-metadata', phase: 'failed', text: 'why' })).failed).toBe(true);
  });

  it('finds the held request and the waiting step only when they are the last of their run', () => {
    const held = auth({ conn: 'c1', run: 'r', step: 'token', phase: 'request', held: true, text: '' });
    const events = [auth({ conn: 'c1', run: 'r', step: 'challenge', phase: 'response', text: '' }), held];
    expect(heldRequest(runOf(events, 'c1', 'r'))).toBe(held);
    expect(
      heldRequest(runOf([...events, auth({ conn: 'c1', run: 'r', step: 'token', phase: 'response', text: '' })], 'c1', 'r')),
    ).toBeUndefined();
    const waiting = auth({ conn: 'c1', run: 'r', step: 'authorization', phase: 'waiting', text: '' });
    expect(waitingStep([waiting], 'c1')).toBe(waiting);
    expect(waitingStep([waiting, auth({ conn: 'c1', run: 'r', step: 'callback', phase: 'ok', text: '' })], 'c1')).toBeUndefined();
    expect(waitingStep([waiting], 'c2')).toBeUndefined();
  });

  it('keeps only http(s) links', () => {
    expect(safeHttpUrl('https://modelcontextprotocol.io/specification/')).toBe('https://modelcontextprotocol.io/specification/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('data:text/html,x')).toBeUndefined();
    expect(safeHttpUrl('not a url')).toBeUndefined();
  });

  it('journals an HTTP connection’s OAuth settings with the client secret masked', () => {
    const { config } = redactHttpConfig({
      url: 'https://mcp.example/mcp',
      headers: {},
      oauth: { clientId: 'lens', clientSecret: 'cs-123', scope: 'a b', stepByStep: true },
    });
    expect(config.oauth).toEqual({ clientId: 'lens', clientSecret: '[redacted]', scope: 'a b', stepByStep: true });
  });
});
