import { describe, expect, it } from 'vitest';
import { extensionFromContext } from './conformanceExtensions.js';

describe("the conformance suite's extension credentials", () => {
  it('reads each extension from what its context carries', () => {
    expect(
      extensionFromContext('auth/client-credentials-jwt', { client_id: 'c', private_key_pem: 'PEM', signing_algorithm: 'ES256' }),
    ).toEqual({
      kind: 'client-credentials-jwt',
      clientId: 'c',
      privateKeyPem: 'PEM',
      alg: 'ES256',
    });
    expect(
      extensionFromContext('auth/enterprise-managed-authorization', {
        client_id: 'c',
        client_secret: 's',
        idp_client_id: 'i',
        idp_id_token: 'id',
        idp_issuer: 'http://idp',
        idp_token_endpoint: 'http://idp/token',
      }),
    ).toEqual({
      kind: 'enterprise-managed',
      clientId: 'c',
      clientSecret: 's',
      idp: { tokenEndpoint: 'http://idp/token', clientId: 'i', idToken: 'id', issuer: 'http://idp' },
    });
    expect(extensionFromContext('auth/wif-jwt-bearer', { client_id: 'w', valid_jwt: 'j', expired_jwt: 'x' })).toEqual({
      kind: 'workload-identity',
      clientId: 'w',
      assertion: 'j',
    });
    expect(extensionFromContext('auth/client-credentials-basic', { client_id: 'c', client_secret: 's' })).toEqual({
      kind: 'client-credentials-secret',
      clientId: 'c',
      clientSecret: 's',
    });
  });

  it('leaves a pre-registered authorization code client, and a context without a client, to the authorization code flow', () => {
    expect(extensionFromContext('auth/pre-registration', { client_id: 'c', client_secret: 's' })).toBeUndefined();
    expect(extensionFromContext('auth/dpop', {})).toBeUndefined();
    expect(extensionFromContext('auth/client-credentials-jwt', { private_key_pem: 'PEM' })).toBeUndefined();
  });
});
