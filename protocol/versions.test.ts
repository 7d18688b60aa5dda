import { describe, expect, it } from 'vitest';
import { flowOfVersion, pickVersion, versionList } from './versions.js';

describe('versions', () => {
  it('tells a handshake version from a stateless one', () => {
    expect(flowOfVersion('2024-11-05')).toBe('handshake');
    expect(flowOfVersion('2025-11-25')).toBe('handshake');
    expect(flowOfVersion('2026-07-28')).toBe('stateless');
    expect(flowOfVersion('2099-01-01')).toBe('stateless');
  });

  it('picks the newest listed version this client implements, never one it does not', () => {
    expect(pickVersion(['2099-01-01', '2026-07-28'], 'stateless')).toBe('2026-07-28');
    expect(pickVersion(['2099-01-01'], 'stateless')).toBeUndefined();
    expect(pickVersion(['2024-11-05', '2025-06-18', '1999-01-01'], 'handshake')).toBe('2025-06-18');
  });

  it('reads only the strings of a list', () => {
    expect(versionList(['2025-06-18', 7, null])).toEqual(['2025-06-18']);
    expect(versionList('2025-06-18')).toBeUndefined();
  });
});
