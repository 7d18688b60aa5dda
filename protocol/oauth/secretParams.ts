/**
 * The OAuth parameters and members whose value is a credential (RFC 6749, 7521, 7591, 8628,
 * 8693, RFC 6750 §2.3): never in a URL, masked wherever recorded. An authorization `code` is a
 * credential too, but the redirect carries it by design, so it is named apart.
 */
export const TOKEN_PARAMS: readonly string[] = [
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'assertion',
  'subject_token',
  'actor_token',
  'registration_access_token',
  'device_code',
];
