import { describe, expect, it } from 'vitest';
import { authRevision, specRef } from './spec.js';

describe('the spec page a verdict cites', () => {
  it("is the session's revision: 2026-07-28's sub-pages, else 2025-11-25's one page", () => {
    expect(specRef('2026-07-28', 'cimd', 't').url).toBe(
      'https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/client-registration#client-id-metadata-documents',
    );
    expect(specRef('2025-11-25', 'cimd', 't').url).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#client-id-metadata-documents',
    );
    expect(authRevision('2026-07-28')).toBe('2026-07-28');
    expect(authRevision('2025-06-18')).toBe('2025-11-25');
    expect(authRevision(undefined)).toBe('2025-11-25');
  });
});
