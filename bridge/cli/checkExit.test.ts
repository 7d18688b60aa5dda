// check's exit code when the authorization flow broke: the rule that says why makes it 1, not
// "unreachable" (3); other failures keep theirs.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../protocol/lint/index.js';
import { checkExit } from './check.js';

const finding = (rule: string, severity: Finding['severity']): Finding => ({
  rule,
  severity,
  conn: 'cli',
  seq: 1,
  message: 'x.',
  spec: 'https://s',
});

describe('checkExit', () => {
  it('a broken authorization step is exit 1 even when the connection then failed', () => {
    expect(checkExit([finding('auth-pkce-s256-missing', 'error')], 3)).toBe(1);
    expect(checkExit([finding('auth-challenge-no-resource-metadata', 'warning')], 3)).toBe(3);
    expect(checkExit([finding('jsonrpc-version', 'error')], 3)).toBe(3);
    expect(checkExit([finding('jsonrpc-version', 'error')], undefined)).toBe(1);
    expect(checkExit([], undefined)).toBe(0);
  });
});
