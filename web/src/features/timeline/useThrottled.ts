/** A value that changes at most once per `ms` (the latest always lands), for views that need not follow every frame. */
import { useEffect, useState } from 'react';

export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const [since, setSince] = useState(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = Math.max(0, since + ms - Date.now());
    const timer = setTimeout(() => {
      setShown(value);
      setSince(Date.now());
    }, wait);
    return () => clearTimeout(timer);
  }, [value, shown, since, ms]);
  return shown;
}
