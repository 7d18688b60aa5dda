/** Which extension grant runs, once the flow's discovery is done (./extensionGrants.ts says what each is). */
import { clientCredentialsToken } from './clientCredentials.js';
import { extensionGrantType, type ExtensionGrant, type ExtensionGrantContext, type ExtensionToken } from './extensionGrants.js';
import { enterpriseToken, workloadToken } from './jwtBearer.js';

/** Runs the extension's token requests; the flow's verdicts are reported on the way. */
export async function runExtensionGrant(grant: ExtensionGrant, context: ExtensionGrantContext): Promise<ExtensionToken> {
  const type = extensionGrantType(grant);
  const listed = context.as.grant_types_supported;
  if (listed !== undefined && !listed.includes(type))
    context.report('token', 'info', `the authorization server's grant_types_supported does not list ${type}: asking for it all the same`);
  switch (grant.kind) {
    case 'client-credentials-secret':
    case 'client-credentials-jwt':
      return clientCredentialsToken(grant, context);
    case 'workload-identity':
      return workloadToken(grant, context);
    case 'enterprise-managed':
      return enterpriseToken(grant, context);
    default: {
      const never: never = grant;
      return never;
    }
  }
}
