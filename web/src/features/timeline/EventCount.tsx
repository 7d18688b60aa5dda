import { useEffect, useState } from 'react';
import type { TimelineClient, TimelineStats } from '../../../../protocol/timeline/contract.js';
import { formatCount } from '../../ui/count.js';

/** How many events the timeline holds, and while a journal is read, how far it got. */
export function EventCount({ client }: { client: TimelineClient }) {
  const [stats, setStats] = useState<TimelineStats | undefined>();
  useEffect(() => client.onStats(setStats), [client]);
  if (!stats) return null;
  const reading = !stats.complete && stats.total > 0 ? ` (reading: ${Math.floor((100 * stats.indexed) / stats.total)}%)` : '';
  return (
    <span className="status" data-testid="event-count">
      {formatCount(stats.indexed)} events{reading}
    </span>
  );
}
