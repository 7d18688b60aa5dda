/**
 * One message as JSON, with the parts that differ between the flows marked: the _meta
 * envelope and its byte cost, resultType, serverInfo in _meta, ttlMs and cacheScope, and the
 * pieces of the input round.
 */
import type { ReactNode } from 'react';
import type { StepMessage } from '../../../../protocol/compare.js';

const MARKED = new Set([
  '_meta',
  'resultType',
  'ttlMs',
  'cacheScope',
  'inputRequests',
  'inputResponses',
  'requestState',
  'serverInfo',
  'protocolVersion',
  'capabilities',
  'clientInfo',
  'supportedVersions',
]);

export function MessageDetail({ message, flow }: { message: StepMessage; flow: string }) {
  let value: unknown;
  try {
    value = JSON.parse(message.text);
  } catch {
    value = message.text;
  }
  return (
    <div className="message-detail" data-testid="message-detail">
      <div className="status">
        {flow} · {message.from === 'client' ? 'client → server' : 'server → client'} · {message.bytes} bytes
        {message.notes
          .filter((n) => n.kind === 'envelope')
          .map((n) =>
            n.kind === 'envelope' ? ` · _meta envelope ${n.bytes} bytes (${Math.round((n.bytes / message.bytes) * 100)}% of the line)` : '',
          )}
      </div>
      <pre className="mono-block json-marked">{render(value, 0)}</pre>
    </div>
  );
}

function render(value: unknown, depth: number): ReactNode {
  const pad = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return (
      <>
        {'[\n'}
        {value.map((v, i) => (
          <span key={i}>
            {pad}
            {'  '}
            {render(v, depth + 1)}
            {i < value.length - 1 ? ',\n' : '\n'}
          </span>
        ))}
        {pad}]
      </>
    );
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return (
      <>
        {'{\n'}
        {entries.map(([k, v], i) => {
          const inner = (
            <>
              {JSON.stringify(k)}: {render(v, depth + 1)}
            </>
          );
          return (
            <span key={k}>
              {pad}
              {'  '}
              {MARKED.has(k) ? (
                <mark className="diff" data-key={k}>
                  {inner}
                </mark>
              ) : (
                inner
              )}
              {i < entries.length - 1 ? ',\n' : '\n'}
            </span>
          );
        })}
        {pad}
        {'}'}
      </>
    );
  }
  return JSON.stringify(value);
}
