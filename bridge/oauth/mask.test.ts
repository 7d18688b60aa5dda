import { describe, expect, it } from 'vitest';
import { maskAuthHeaders, maskAuthUrl, maskBody, secretsIn } from './mask.js';

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
