/**
 * A follower's page (the presenter's "Copy follower link"): the presenter's view, read-only.
 * It holds the bridge's read-only token, so its socket receives the session's events and can
 * do nothing else; it shows the step of the latest `tour.step` note, with the messages those
 * notes point at on the wire, and moves when the presenter does. Nothing on it acts.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Tour } from '../../../../protocol/tour/format.js';
import { readTour } from '../../../../protocol/tour/parse.js';
import { useTheme } from '../../ui/useTheme.js';
import { useSnapshot, useStore } from '../../session/StoreContext.js';
import { builtinTour } from './builtinTour.js';
import { PresenterFrame } from './PresenterView.js';
import { StepBody } from './StepBody.js';
import { parseLine, showFromWire } from './stepShow.js';
import { TOUR_TOPICS, followedTour, tourStepNoteSchema, type TourSource, type TourStepNote } from '../../../../protocol/tour/journal.js';
import { fetchTour } from './tourSource.js';

/** Whether the page was opened from a follower link (`#…&follow=1`). */
export function followRequested(hash: string): boolean {
  return hash
    .replace(/^#/, '')
    .split('&')
    .some((p) => p === 'follow' || p.startsWith('follow='));
}

type Loaded = { ok: true; tour: Tour } | { ok: false; error: string } | undefined;

function useFollowedTourText(run: string | undefined, source: TourSource | undefined): Loaded {
  const store = useStore();
  const [loaded, setLoaded] = useState<{ run: string; value: Loaded }>();
  useEffect(() => {
    if (run === undefined || source === undefined) return;
    let live = true;
    const set = (value: Loaded): void => {
      if (live) setLoaded({ run, value });
    };
    switch (source.kind) {
      case 'builtin':
        set(builtinTour());
        break;
      case 'file': {
        const read = readTour(source.text, source.name);
        set(read.ok ? { ok: true, tour: read.tour } : { ok: false, error: read.error });
        break;
      }
      case 'cli':
        void fetchTour((path) => store.api(path)).then((fetched) =>
          set(fetched.ok ? { ok: true, tour: fetched.tour } : { ok: false, error: fetched.error }),
        );
        break;
      default: {
        const never: never = source;
        return never;
      }
    }
    return () => {
      live = false;
    };
  }, [run, source, store]);
  return loaded !== undefined && loaded.run === run ? loaded.value : undefined;
}

export function FollowerPage() {
  useTheme();
  const store = useStore();
  const snapshot = useSnapshot();
  const notes = store.model.notes;
  // The notes list grows in place; its length says when to look again.
  const noteCount = notes.length;
  const followed = useMemo(() => followedTour(notes), [notes, noteCount]); // eslint-disable-line react-hooks/exhaustive-deps
  const run = followed?.start.run;
  const loaded = useFollowedTourText(run, followed?.start.source);
  // Every step of the run the presenter's notes placed on the wire (a response's method is read from an earlier step's).
  const seqs = useMemo(() => {
    const out = new Map<number, TourStepNote>();
    for (const note of notes) {
      if (note.topic !== TOUR_TOPICS.step) continue;
      const parsed = tourStepNoteSchema.safeParse(note.data);
      // The latest word on each step wins: a step tried again has new lines, or none yet.
      if (parsed.success && parsed.data.run === run) out.set(parsed.data.index, parsed.data);
    }
    return out;
  }, [notes, noteCount, run]); // eslint-disable-line react-hooks/exhaustive-deps
  const lineAt = (seq: number | undefined): string | undefined => (seq === undefined ? undefined : store.model.messages.get(seq)?.text);
  const version = snapshot.version;
  const messagesOf = useMemo(
    () => ({
      sentOf: (i: number) => parseLine(lineAt(seqs.get(i)?.sent)),
      outcomeOf: (i: number) => parseLine(lineAt(seqs.get(i)?.outcome)),
    }),
    [seqs, version], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const status =
    snapshot.status.state === 'refused'
      ? snapshot.status.reason
      : snapshot.status.state !== 'open'
        ? 'connecting to the bridge…'
        : snapshot.backlog > 0
          ? 'catching up with the session…'
          : undefined;
  const step = followed?.step;
  const tour = loaded?.ok ? loaded.tour : undefined;
  const index = step === undefined ? 0 : Math.min(step.index, (tour?.steps.length ?? 1) - 1);
  const show =
    tour === undefined
      ? undefined
      : showFromWire(tour, index, {
          ...(step?.preview === undefined ? {} : { preview: step.preview }),
          ...(lineAt(step?.sent) === undefined ? {} : { sent: lineAt(step?.sent) }),
          ...(lineAt(step?.outcome) === undefined ? {} : { outcome: lineAt(step?.outcome) }),
          ...(step?.figures === undefined ? {} : { figures: step.figures }),
        });

  return (
    <PresenterFrame
      testId="follower"
      scrollKey={`${run ?? ''}:${index}`}
      head={
        <>
          <span className="tour-name">{followed ? followed.start.title : 'MCP Lens'}</span>
          <span className="presenter-badge">following the presenter, read-only</span>
          <span className="spacer" />
          {followed && tour && (
            <span data-testid="follower-progress">
              step {index + 1} of {tour.steps.length}
            </span>
          )}
        </>
      }
    >
      {status !== undefined && (
        <p className="status" role="status">
          {status}
        </p>
      )}
      {snapshot.problems.length > 0 && (
        <p className="tour-state failed" role="alert">
          {snapshot.problems.at(-1)}
        </p>
      )}
      {status === undefined && followed === undefined && (
        <p className="presenter-wait" data-testid="follower-waiting">
          Waiting for the presenter to start a tour…
        </p>
      )}
      {followed?.ended && (
        <p className="presenter-wait" role="status" data-testid="follower-ended">
          The presenter has ended this tour.
        </p>
      )}
      {loaded && !loaded.ok && (
        <p className="tour-state failed" role="alert">
          The presenter&apos;s tour cannot be read here: {loaded.error}
        </p>
      )}
      {tour && show && <StepBody tour={tour} show={show} messagesOf={messagesOf} />}
    </PresenterFrame>
  );
}
