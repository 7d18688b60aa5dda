/**
 * The timeline's view state, kept in the URL fragment (`#tl=...`) so a reload or a bookmark
 * reopens the same filter, sort and selection. Only the fragment is touched, with
 * history.replaceState (a view change is not a navigation, and nothing is ever sent anywhere);
 * any other fragment parameter is left as it was. Writes are debounced: holding `j` down must
 * not run into the browser's limit on history calls.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_VIEW, FRAGMENT_KEY, decodeView, encodeView, fragmentParam, withFragmentParam, type TimelineView } from './viewState.js';

const WRITE_DELAY_MS = 200;

export type ViewUpdate = (update: (view: TimelineView) => TimelineView) => void;

/** `inUrl` false keeps the state in memory only (a past session's view, beside the live one's). */
export function useTimelineView(inUrl: boolean): [TimelineView, ViewUpdate] {
  const [view, setView] = useState<TimelineView>(() =>
    inUrl ? decodeView(fragmentParam(window.location.hash, FRAGMENT_KEY)) : DEFAULT_VIEW,
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!inUrl) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const hash = withFragmentParam(window.location.hash, FRAGMENT_KEY, encodeView(view));
      if (hash !== window.location.hash && !(hash === '' && window.location.hash === '#')) {
        window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + hash);
      }
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [view, inUrl]);

  useEffect(() => {
    if (!inUrl) return;
    // A fragment edited by hand (or a bookmark opened in this tab) takes over.
    const onHash = (event?: HashChangeEvent): void => {
      // The fragment this event brought, not the address now: a write of the view before it,
      // still pending when the fragment changed, may have replaced the address since (and no
      // event says so). That write is stale: cancelled.
      clearTimeout(timer.current);
      const hash = event === undefined ? window.location.hash : new URL(event.newURL).hash;
      const next = decodeView(fragmentParam(hash, FRAGMENT_KEY));
      setView((current) => (encodeView(current) === encodeView(next) ? current : next));
    };
    window.addEventListener('hashchange', onHash);
    // A fragment that changed between the first render and now (the view opened while a link
    // was being followed) fired its event before anyone listened: read it once more.
    onHash();
    return () => window.removeEventListener('hashchange', onHash);
  }, [inUrl]);

  const update = useCallback<ViewUpdate>((fn) => setView((v) => fn(v)), []);
  return [view, update];
}
