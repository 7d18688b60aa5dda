import { describe, expect, it } from 'vitest';
import { keepMasked, maskAuthHeaders, maskAuthUrl, maskBody, secretsIn } from './mask.js';

describe('what of an OAuth message is never recorded', () => {
  it('the secrets of a form body and a JSON body, found and masked', () => {
    const form =
      'grant_type=authorization_code&code=CODE-123456&code_verifier=VERIFIER-abcdef&client_secret=SECRET-zzzz&resource=https%3A%2F%2Fa.example%2Fmcp';
    expect(secretsIn(form)).toEqual(['CODE-123456', 'VERIFIER-abcdef', 'SECRET-zzzz']);
    const masked = maskBody(form, []) ?? '';
    for (const value of ['CODE-123456', 'VERIFIER-abcdef', 'SECRET-zzzz']) expect(masked).not.toContain(value);
    expect(masked).toContain('grant_type=authorization_code');

    const json =
      '{"access_token":"AT-0123456789","token_type":"Bearer","refresh_token":"RT-0123456789","nested":{"id_token":"IDT-0123456789"}}';
    const maskedJson = maskBody(json, []) ?? '';
    for (const value of ['AT-0123456789', 'RT-0123456789', 'IDT-0123456789']) expect(maskedJson).not.toContain(value);
    expect(maskedJson).toContain('"token_type":"Bearer"');
  });

  it("a redirect's code in a URL or a Location header, and an Authorization header but its scheme", () => {
    expect(maskAuthUrl('http://127.0.0.1:1/oauth/callback?code=CODE-999999&state=s1', [])).not.toContain('CODE-999999');
    const headers = maskAuthHeaders(
      {
        Location: 'http://127.0.0.1:1/oauth/callback?code=CODE-888888&iss=x',
        authorization: 'Basic Zm9vOmJhcg==',
        'x-echo': 'KNOWN-secret-1',
      },
      ['KNOWN-secret-1'],
    );
    expect(JSON.stringify(headers)).not.toMatch(/CODE-888888|Zm9vOmJhcg==|KNOWN-secret-1/);
    expect(headers.authorization).toMatch(/^Basic /);
  });
});

describe('keepMasked', () => {
  const held = {
    method: 'POST',
    url: 'https://as.example/token?code=CODE-123456',
    headers: { Authorization: 'Basic c2VjcmV0LXZhbHVl', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=authorization_code&code=CODE-123456&code_verifier=VERIFIER-abcdef&resource=https%3A%2F%2Fm.example%2Fmcp',
  };
  const shown = {
    method: 'POST',
    url: 'https://as.example/token?code=%5Bredacted%5D',
    headers: { Authorization: 'Basic [redacted]', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]&resource=https%3A%2F%2Fm.example%2Fmcp',
  };

  it('sends the held values where the edit left them masked, and what the user changed as written', () => {
    const sent = keepMasked(held, shown, {
      headers: { Authorization: 'Basic [redacted]', 'Content-Type': 'application/x-www-form-urlencoded', 'X-Debug': '1' },
      body: 'grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]&resource=https%3A%2F%2Fother.example%2Fmcp',
      url: 'https://as.example/token?code=%5Bredacted%5D&debug=1',
    });
    expect(sent.headers).toEqual({ ...held.headers, 'X-Debug': '1' });
    expect(new URLSearchParams(sent.body)).toEqual(
      new URLSearchParams(
        'grant_type=authorization_code&code=CODE-123456&code_verifier=VERIFIER-abcdef&resource=https%3A%2F%2Fother.example%2Fmcp',
      ),
    );
    expect(new URL(sent.url).searchParams.get('code')).toBe('CODE-123456');
    expect(new URL(sent.url).searchParams.get('debug')).toBe('1');
  });

  it('sends the held request whole when nothing was changed', () => {
    expect(keepMasked(held, shown, { url: shown.url, headers: shown.headers, body: shown.body })).toEqual(held);
  });
});
