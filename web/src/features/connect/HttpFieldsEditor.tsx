/**
 * The fields of a server reached over Streamable HTTP (httpFields.ts): the connect form's URL
 * mode, and Compare flows' when it compares a URL. `idPrefix` keeps the ids of two on one page apart.
 */
import type { HttpFields } from './httpFields.js';

interface Props {
  fields: HttpFields;
  onChange: (fields: HttpFields) => void;
  idPrefix: string;
}

export function HttpFieldsEditor({ fields, onChange, idPrefix }: Props) {
  const id = (name: string): string => `${idPrefix}-${name}`;
  const set = (key: keyof HttpFields) => (value: string) => onChange({ ...fields, [key]: value });
  return (
    <>
      <label htmlFor={id('url')}>URL of the MCP endpoint</label>
      <input
        id={id('url')}
        value={fields.url}
        onChange={(e) => set('url')(e.target.value)}
        placeholder="http://127.0.0.1:3001/mcp"
        title="A Streamable HTTP endpoint; an older server's HTTP+SSE address (often /sse) works too"
        spellCheck={false}
        autoComplete="off"
      />
      <label htmlFor={id('headers')}>Headers (Name: value per line, sent on every request)</label>
      <textarea id={id('headers')} rows={2} value={fields.headers} onChange={(e) => set('headers')(e.target.value)} spellCheck={false} />
      <label htmlFor={id('token')}>Bearer token (secret: kept in memory only, masked wherever it is recorded)</label>
      <input
        id={id('token')}
        type="password"
        value={fields.token}
        onChange={(e) => set('token')(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <label htmlFor={id('secrets')}>Mark as secret (one value per line, a header&apos;s value say; masked wherever it appears)</label>
      <textarea
        id={id('secrets')}
        rows={1}
        value={fields.secrets}
        onChange={(e) => set('secrets')(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <label htmlFor={id('timeout')}>Timeout for each response&apos;s headers (ms; empty: 30000)</label>
      <input id={id('timeout')} inputMode="numeric" value={fields.timeoutMs} onChange={(e) => set('timeoutMs')(e.target.value)} />
    </>
  );
}
