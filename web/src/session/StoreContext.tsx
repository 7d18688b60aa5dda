import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionStore, Snapshot } from './sessionStore.js';

const StoreContext = createContext<SessionStore | undefined>(undefined);

export function StoreProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useStore(): SessionStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside StoreProvider');
  return store;
}

export function useSnapshot(): Snapshot {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
