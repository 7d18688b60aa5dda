/**
 * The requirement each step of the flow checks, with the page of the authorization spec of the
 * session's revision. Revisions before 2025-11-25 are read against 2025-11-25's page: it is the
 * oldest one whose discovery and registration rules the client follows.
 */
export interface SpecRef {
  text: string;
  url: string;
}

/** The revisions whose authorization page the flow follows. */
export type AuthRevision = '2025-11-25' | '2026-07-28';

export function authRevision(protocolVersion: string | undefined): AuthRevision {
  return protocolVersion !== undefined && protocolVersion >= '2026-07-28' ? '2026-07-28' : '2025-11-25';
}

export type SpecSection =
  | 'prm-discovery'
  | 'as-discovery'
  | 'cimd'
  | 'dcr'
  | 'preregistration'
  | 'pkce'
  | 'resource'
  | 'scope-selection'
  | 'scope-challenge'
  | 'iss'
  | 'token-usage'
  | 'refresh'
  | 'error-handling';

/** 2025-11-25: one page. */
const PAGE_2025: Record<SpecSection, string> = {
  'prm-discovery': '#protected-resource-metadata-discovery-requirements',
  'as-discovery': '#authorization-server-metadata-discovery',
  cimd: '#client-id-metadata-documents',
  dcr: '#dynamic-client-registration',
  preregistration: '#preregistration',
  pkce: '#authorization-code-protection',
  resource: '#resource-parameter-implementation',
  'scope-selection': '#scope-selection-strategy',
  'scope-challenge': '#scope-challenge-handling',
  // 2025-11-25 asks for no iss check; the flow's diagram is where the response comes back.
  iss: '#authorization-flow-steps',
  'token-usage': '#access-token-usage',
  refresh: '#token-handling',
  'error-handling': '#error-handling',
};

/** 2026-07-28: the authorization page and its sub-pages. */
const PAGE_2026: Record<SpecSection, string> = {
  'prm-discovery': '/authorization-server-discovery#protected-resource-metadata-discovery-requirements',
  'as-discovery': '/authorization-server-discovery#authorization-server-metadata-discovery',
  cimd: '/client-registration#client-id-metadata-documents',
  dcr: '/client-registration#dynamic-client-registration',
  preregistration: '/client-registration#pre-registration',
  pkce: '/security-considerations#authorization-code-protection',
  resource: '#resource-parameter-implementation',
  'scope-selection': '#scope-selection-strategy',
  'scope-challenge': '#step-up-authorization-flow',
  iss: '#authorization-response-validation',
  'token-usage': '#access-token-usage',
  refresh: '#refresh-tokens',
  'error-handling': '#error-handling',
};

export function specRef(revision: AuthRevision, section: SpecSection, text: string): SpecRef {
  const tail = revision === '2026-07-28' ? PAGE_2026[section] : PAGE_2025[section];
  return { text, url: `https://modelcontextprotocol.io/specification/${revision}/basic/authorization${tail}` };
}
