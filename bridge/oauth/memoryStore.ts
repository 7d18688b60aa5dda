/** Tokens in the bridge's memory only: what a run keeps when nothing is remembered. */
import type { GrantKey, StoredGrant, TokenStore } from './types.js';

export class MemoryTokenStore implements TokenStore {
  private readonly grants = new Map<string, { key: GrantKey; grant: StoredGrant }>();

  get(key: GrantKey): StoredGrant | undefined {
    return this.grants.get(keyOf(key))?.grant;
  }

  put(key: GrantKey, grant: StoredGrant, _remember: boolean): void {
    this.grants.set(keyOf(key), { key, grant });
  }

  forget(key?: Partial<GrantKey>): number {
    let count = 0;
    for (const [id, entry] of this.grants) {
      if (key?.issuer !== undefined && entry.key.issuer !== key.issuer) continue;
      if (key?.resource !== undefined && entry.key.resource !== key.resource) continue;
      this.grants.delete(id);
      count++;
    }
    return count;
  }
}

function keyOf(key: GrantKey): string {
  return JSON.stringify([key.issuer, key.resource]);
}
