import { describe, expect, it } from 'vitest';
import { EMPTY_HTTP_FIELDS, httpConfigToFields, httpFieldsToConfig } from './httpFields.js';

describe('the connect form’s URL mode', () => {
  it('makes the config: headers by line, the bearer token as Authorization and a secret, the timeout', () => {
    const { config, errors } = httpFieldsToConfig({
      url: ' http://127.0.0.1:3001/mcp ',
      headers: 'X-Tenant: acme\n\nX-Empty:',
      token: 'tok-123456',
      secrets: 'acme',
      timeoutMs: '5000',
    });
    expect(errors).toEqual([]);
    expect(config).toEqual({
      transport: 'http',
      url: 'http://127.0.0.1:3001/mcp',
      headers: { 'X-Tenant': 'acme', 'X-Empty': '', Authorization: 'Bearer tok-123456' },
      secrets: ['acme', 'tok-123456'],
      timeoutMs: 5000,
    });
  });

  it('names each mistake', () => {
    expect(httpFieldsToConfig(EMPTY_HTTP_FIELDS).errors).toEqual(['URL is required']);
    const { config, errors } = httpFieldsToConfig({
      url: 'ftp://x',
      headers: 'no colon\nAuthorization: Basic x',
      token: 't',
      secrets: '',
      timeoutMs: '1.5',
    });
    expect(config).toBeUndefined();
    expect(errors).toEqual([
      'URL must start with http:// or https:// and name a host, not "ftp://x"',
      'Headers, line 1: write Name: value, not "no colon"',
      'Give the bearer token or an Authorization header, not both',
      'Timeout must be a whole number of milliseconds up to an hour, not "1.5"',
    ]);
  });

  it('fills the form from a remote server of a config file, and back again', () => {
    const imported = {
      transport: 'http' as const,
      url: 'https://h/mcp',
      headers: { Authorization: 'Bearer abc', 'X-A': '1' },
      secrets: ['abc'],
    };
    const fields = httpConfigToFields(imported);
    expect(fields).toEqual({ url: 'https://h/mcp', headers: 'X-A: 1', token: 'abc', secrets: '', timeoutMs: '' });
    expect(httpFieldsToConfig(fields).config).toEqual({ ...imported, headers: { 'X-A': '1', Authorization: 'Bearer abc' } });
  });
});
