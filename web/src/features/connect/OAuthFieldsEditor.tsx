/**
 * The connect form's OAuth section (oauthFields.ts), folded until wanted: most servers need
 * nothing here (discovery and registration find the rest).
 */
import type { OAuthFields, TokenEndpointAuthMethod } from './oauthFields.js';

interface Props {
  fields: OAuthFields;
  onChange: (fields: OAuthFields) => void;
}

const METHODS: { value: TokenEndpointAuthMethod | ''; label: string }[] = [
  { value: '', label: 'the server’s default' },
  { value: 'client_secret_basic', label: 'client_secret_basic' },
  { value: 'client_secret_post', label: 'client_secret_post' },
  { value: 'none', label: 'none (a public client)' },
];

export function OAuthFieldsEditor({ fields, onChange }: Props) {
  const set =
    <K extends keyof OAuthFields>(key: K) =>
    (value: OAuthFields[K]) =>
      onChange({ ...fields, [key]: value });
  return (
    <details className="oauth-fields" data-testid="oauth-fields">
      <summary>OAuth (when the server answers 401)</summary>
      <label className="check">
        <input type="checkbox" checked={fields.enabled} onChange={(e) => set('enabled')(e.target.checked)} />
        Run the authorization flow on a 401
      </label>
      <label htmlFor="oauth-client-id">Client id (a pre-registered client; empty: a metadata document or registration)</label>
      <input
        id="oauth-client-id"
        value={fields.clientId}
        onChange={(e) => set('clientId')(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <label htmlFor="oauth-client-secret">Client secret (secret: kept in memory only, masked wherever it is recorded)</label>
      <input
        id="oauth-client-secret"
        type="password"
        value={fields.clientSecret}
        onChange={(e) => set('clientSecret')(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <label htmlFor="oauth-auth-method">Token endpoint authentication</label>
      <select
        id="oauth-auth-method"
        value={fields.tokenEndpointAuthMethod}
        onChange={(e) => set('tokenEndpointAuthMethod')(e.target.value as OAuthFields['tokenEndpointAuthMethod'])}
      >
        {METHODS.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      <label htmlFor="oauth-scope">Scope (space-separated; empty: what the server asks for)</label>
      <input id="oauth-scope" value={fields.scope} onChange={(e) => set('scope')(e.target.value)} spellCheck={false} autoComplete="off" />
      <label htmlFor="oauth-metadata-url">Client metadata URL (an https document used as the client id where supported)</label>
      <input
        id="oauth-metadata-url"
        value={fields.clientMetadataUrl}
        onChange={(e) => set('clientMetadataUrl')(e.target.value)}
        placeholder="https://example.com/mcp-lens-client.json"
        spellCheck={false}
        autoComplete="off"
      />
      <label className="check" title="Kept under the MCP Lens home, readable by you only, per authorization server and resource">
        <input type="checkbox" checked={fields.remember} onChange={(e) => set('remember')(e.target.checked)} />
        Remember tokens on this machine
      </label>
      <label className="check" title="Each request of the flow waits in the timeline, where you can edit it before it goes">
        <input type="checkbox" checked={fields.stepByStep} onChange={(e) => set('stepByStep')(e.target.checked)} />
        Step by step
      </label>
    </details>
  );
}
