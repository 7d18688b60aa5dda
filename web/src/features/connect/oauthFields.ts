/**
 * The connect form's OAuth settings for a URL (envelope.ts, httpServerConfigSchema.oauth): a
 * pre-registered client, the scope, a client metadata document, and how the flow runs. The
 * client secret is a secret as the bearer token is: it goes to the bridge marked, so whatever
 * the bridge records has it masked, and this tab keeps it in memory only.
 */
import type { HttpServerConfig } from '../../../../protocol/envelope.js';

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface OAuthFields {
  /** Off: a 401 is shown as it is, no flow runs. */
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  /** Empty: the authorization server's default. */
  tokenEndpointAuthMethod: TokenEndpointAuthMethod | '';
  scope: string;
  clientMetadataUrl: string;
  remember: boolean;
  stepByStep: boolean;
}

export const EMPTY_OAUTH_FIELDS: OAuthFields = {
  enabled: true,
  clientId: '',
  clientSecret: '',
  tokenEndpointAuthMethod: '',
  scope: '',
  clientMetadataUrl: '',
  remember: false,
  stepByStep: false,
};

/** The config's `oauth` (absent when nothing is set) and the values to mark secret. */
export function oauthFieldsToConfig(fields: OAuthFields): {
  oauth?: NonNullable<HttpServerConfig['oauth']>;
  secrets: string[];
  errors: string[];
} {
  const errors: string[] = [];
  const clientId = fields.clientId.trim();
  const clientSecret = fields.clientSecret.trim();
  const scope = fields.scope.trim().replace(/\s+/g, ' ');
  const clientMetadataUrl = fields.clientMetadataUrl.trim();
  if (clientSecret !== '' && clientId === '') errors.push('OAuth: a client secret needs its client id');
  if (clientMetadataUrl !== '' && !/^https:\/\/[^/?#\s]+\/\S*$/i.test(clientMetadataUrl))
    errors.push(`OAuth: the client metadata URL must be an https URL with a path, not "${clientMetadataUrl}"`);
  if (fields.tokenEndpointAuthMethod !== '' && fields.tokenEndpointAuthMethod !== 'none' && clientSecret === '' && clientId !== '')
    errors.push(`OAuth: ${fields.tokenEndpointAuthMethod} needs the client secret`);
  const oauth: NonNullable<HttpServerConfig['oauth']> = {
    ...(fields.enabled ? {} : { enabled: false }),
    ...(clientId === '' ? {} : { clientId }),
    ...(clientSecret === '' ? {} : { clientSecret }),
    ...(fields.tokenEndpointAuthMethod === '' ? {} : { tokenEndpointAuthMethod: fields.tokenEndpointAuthMethod }),
    ...(scope === '' ? {} : { scope }),
    ...(clientMetadataUrl === '' ? {} : { clientMetadataUrl }),
    ...(fields.remember ? { remember: true } : {}),
    ...(fields.stepByStep ? { stepByStep: true } : {}),
  };
  return {
    ...(Object.keys(oauth).length > 0 ? { oauth } : {}),
    secrets: clientSecret === '' ? [] : [clientSecret],
    errors,
  };
}

/** A config's oauth in the form (an imported server, the bridge's default remote): a masked secret is left out. */
export function oauthConfigToFields(oauth: HttpServerConfig['oauth']): OAuthFields {
  if (!oauth) return EMPTY_OAUTH_FIELDS;
  return {
    enabled: oauth.enabled !== false,
    clientId: oauth.clientId ?? '',
    clientSecret: oauth.clientSecret === undefined || oauth.clientSecret === '[redacted]' ? '' : oauth.clientSecret,
    tokenEndpointAuthMethod: oauth.tokenEndpointAuthMethod ?? '',
    scope: oauth.scope ?? '',
    clientMetadataUrl: oauth.clientMetadataUrl ?? '',
    remember: oauth.remember === true,
    stepByStep: oauth.stepByStep === true,
  };
}
