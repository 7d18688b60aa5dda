import { describe, expect, it } from 'vitest';
import { REDACTED } from './redact.js';
import { configSecrets, maskJson, maskTourText, redactCommandLine } from './secretMask.js';

describe('known secret values', () => {
  it('are the values a config redacts, long enough to look for elsewhere', () => {
    expect(
      configSecrets({
        command: 'node',
        args: ['s.js', '--token', 'tok-123456', '-p', '8080'],
        env: { KEY: 'env-value-1', DEBUG: '1' },
      }).sort(),
    ).toEqual(['env-value-1', 'tok-123456']);
    expect(configSecrets({ transport: 'http', url: 'http://h/', headers: { Authorization: 'Bearer bear-123456' } })).toEqual([
      'bear-123456',
    ]);
  });

  it('leave a setting in an env value alone beyond its config: a credential name, or a value shaped like one, is looked for', () => {
    const secrets = configSecrets({
      command: 'node',
      args: ['s.js'],
      env: { MCP_LENS_DEMO_VARIANT: 'changed', LOG_PATH: '/var/log/server', API_KEY: 'plainword', LENS_TEST_VAR: 'SEC-env-7d1f2a' },
    }).sort();
    expect(secrets).toEqual(['SEC-env-7d1f2a', 'plainword']);
    // A replay verdict naming a change keeps its word though an env value is that word.
    expect(maskJson({ kind: 'changed' }, secrets)).toEqual({ kind: 'changed' });
  });

  it('are masked in a note as written and as a JSON string holds them; a value across punctuation takes the whole note', () => {
    expect(maskJson({ a: ['x tok-123456 y'], 'tok-123456': 1 }, ['tok-123456'])).toEqual({ a: [`x ${REDACTED} y`], [REDACTED]: 1 });
    expect(maskJson({ said: 'q"uote-1' }, ['q"uote-1'])).toEqual({ said: REDACTED });
    expect(maskJson({ a: 'bb', c: 'cc' }, ['"a":"bb'])).toBe(REDACTED);
    expect(maskJson({ kept: 'short' }, ['short'])).toEqual({ kept: 'short' });
  });

  it('leave a command line as a config would be recorded, and a tour without its server secrets', () => {
    expect(redactCommandLine('node', ['s.js', '--api-key=abc', 'mark-me-1'], ['mark-me-1'])).toEqual({
      command: 'node',
      args: ['s.js', `--api-key=${REDACTED}`, REDACTED],
    });
    const yaml = 'server:\n  command: node\n  args: [s.js, --token, "tok-123456"]\n  env: { KEY: env-value-1 }\n';
    expect(maskTourText(yaml, { server: { command: 'node', args: ['s.js', '--token', 'tok-123456'], env: { KEY: 'env-value-1' } } })).toBe(
      `server:\n  command: node\n  args: [s.js, --token, "${REDACTED}"]\n  env: { KEY: ${REDACTED} }\n`,
    );
  });
});
