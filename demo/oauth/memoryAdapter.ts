// Where the demo's authorization server keeps codes, tokens, sessions, grants and clients: a map
// in this process, gone when it ends, one per server (so two servers in one test process share
// nothing). oidc-provider's own in-memory store is process-wide and announces itself on stderr
// as not for production, which every test run would print.

type Payload = Record<string, unknown> & { uid?: unknown; userCode?: unknown; grantId?: unknown };

interface Entry {
  model: string;
  payload: Payload;
  /** Epoch milliseconds, or Infinity. */
  expiresAt: number;
}

/** The shape oidc-provider asks of an adapter, one instance per model (Session, Grant, …). */
export interface ModelStore {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/** A factory oidc-provider calls with each model's name; every model shares one map. */
export function memoryAdapter(): (model: string) => ModelStore {
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const findBy = (model: string, field: 'uid' | 'userCode', value: string): Payload | undefined => {
    for (const [key, entry] of entries) if (entry.model === model && entry.payload[field] === value) return live(key)?.payload;
    return undefined;
  };

  return (model) => {
    const key = (id: string): string => `${model}:${id}`;
    return {
      upsert: async (id, payload, expiresIn) => {
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
        entries.set(key(id), { model, payload, expiresAt });
      },
      find: async (id) => live(key(id))?.payload,
      findByUid: async (uid) => findBy(model, 'uid', uid),
      findByUserCode: async (userCode) => findBy(model, 'userCode', userCode),
      consume: async (id) => {
        const entry = live(key(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => {
        entries.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const [k, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(k);
      },
    };
  };
}
