import { describe, expect, it } from 'vitest';
import { EMPTY_OAUTH_FIELDS, oauthConfigToFields, oauthFieldsToConfig } from './oauthFields.js';

describe('the connect form’s OAuth section', () => {
  it('adds nothing when left as it is', () => {
    expect(oauthFieldsToConfig(EMPTY_OAUTH_FIELDS)).toEqual({ secrets: [], errors: [] });
  });

  it('fills config.oauth and marks the client secret secret', () => {
    const made = oauthFieldsToConfig({
      ...EMPTY_OAUTH_FIELDS,
      enabled: false,
      clientId: ' lens ',
      clientSecret: 's3cret',
      tokenEndpointAuthMethod: 'client_secret_basic',
      scope: 'a   b',
      remember: true,
    });
    expect(made.oauth).toEqual({
      enabled: false,
      clientId: 'lens',
      clientSecret: 's3cret',
      tokenEndpointAuthMethod: 'client_secret_basic',
      scope: 'a b',
      remember: true,
    });
    expect(made.secrets).toEqual(['s3cret']);
  });

  it('refuses a secret without a client id and a metadata URL that is not https', () => {
    expect(oauthFieldsToConfig({ ...EMPTY_OAUTH_FIELDS, clientSecret: 'x' }).errors).toEqual([
      'OAuth: a client secret needs its client id',
    ]);
    expect(oauthFieldsToConfig({ ...EMPTY_OAUTH_FIELDS, clientMetadataUrl: 'http://x.example/c.json' }).errors).toHaveLength(1);
  });

  it('never puts a masked secret back in the form', () => {
    expect(oauthConfigToFields({ clientId: 'lens', clientSecret: '[redacted]' }).clientSecret).toBe('');
  });
});
