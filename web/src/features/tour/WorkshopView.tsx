/**
 * The Workshop tab: choose a tour (the built-in one, a file, or the one `mcp-lens --tour`
 * started with) and play it. A file the reader refuses is told over the page, each problem
 * with its line and column.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Tour } from '../../../../protocol/tour/format.js';
import { readTour } from '../../../../protocol/tour/parse.js';
import { useStore } from '../../session/StoreContext.js';
import { BUILTIN_NAME, builtinTour } from './builtinTour.js';
import { TourMarkdown } from './TourMarkdown.js';
import { TourPlayer } from './TourPlayer.js';
import type { TourSource } from '../../../../protocol/tour/journal.js';
import { fetchTour, tourRequested } from './tourSource.js';
import { workshopOf } from './workshop.js';

/** The bridge's tour is fetched once per page, on the first showing of the tab. */
const cliTour = { asked: false };

export function WorkshopView() {
  const store = useStore();
  const workshop = workshopOf(store);
  const { runner, name } = useSyncExternalStore(workshop.subscribe, workshop.getSnapshot);
  const [problem, setProblem] = useState<{ title: string; text: string } | undefined>();
  const [loading, setLoading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const play = (tour: Tour, source: TourSource, shownName: string): void => {
    setProblem(undefined);
    workshop.play(tour, source, shownName);
  };

  useEffect(() => {
    if (cliTour.asked || !tourRequested(window.location.hash)) return;
    cliTour.asked = true;
    setLoading(true);
    void fetchTour((path) => store.api(path)).then((fetched) => {
      setLoading(false);
      if (fetched.ok) play(fetched.tour, { kind: 'cli' }, fetched.name);
      else setProblem({ title: 'The tour given on the command line cannot be played', text: fetched.error });
    });
    // Once per page, whatever renders it.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const openFile = async (file: File): Promise<void> => {
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      setProblem({ title: `${file.name} cannot be read`, text: (error as Error).message });
      return;
    }
    const read = readTour(text, file.name);
    if (read.ok) play(read.tour, { kind: 'file', name: file.name, text }, file.name);
    else setProblem({ title: `${file.name} is not a tour MCP Lens can play`, text: read.error });
  };

  const builtin = builtinTour();
  return (
    <div className="workshop" data-testid="workshop">
      {runner ? (
        <TourPlayer workshop={workshop} runner={runner} name={name ?? ''} />
      ) : (
        <div className="workshop-choose">
          <h2>Workshop</h2>
          <p className="status">
            A guided tour of the protocol, step by step: each message is shown before it is sent, every field has a note, and a presenter
            mode puts it on a projector.
          </p>
          {loading && <p role="status">Fetching the tour the bridge was started with…</p>}
          <section className="workshop-card" aria-label="The built-in tour">
            {builtin.ok ? (
              <>
                <h3>{builtin.tour.title}</h3>
                <TourMarkdown text={builtin.tour.summary} />
                <p className="status">
                  {builtin.tour.steps.length} steps, on the demo server ({BUILTIN_NAME})
                </p>
                <button
                  type="button"
                  className="primary"
                  data-testid="play-builtin"
                  onClick={() => play(builtin.tour, { kind: 'builtin' }, 'the built-in tour')}
                >
                  Play the built-in tour
                </button>
              </>
            ) : (
              <p className="tour-state failed" role="alert">
                The built-in tour cannot be read: {builtin.error}
              </p>
            )}
          </section>
          <section className="workshop-card" aria-label="Your own tour">
            <h3>Your own tour</h3>
            <p className="status">A tour file in JSON or YAML (docs/tours.md says how to write one).</p>
            <button type="button" onClick={() => picker.current?.click()} data-testid="open-tour">
              Open a tour file…
            </button>
            <input
              ref={picker}
              type="file"
              accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml"
              hidden
              data-testid="tour-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void openFile(file);
              }}
            />
          </section>
        </div>
      )}
      {problem && (
        <div className="tour-problem-overlay">
          <div
            className="tour-problem"
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="tour-problem-title"
            data-testid="tour-problem"
          >
            <h2 id="tour-problem-title">{problem.title}</h2>
            <pre className="mono-block">{problem.text}</pre>
            <button type="button" className="primary" autoFocus onClick={() => setProblem(undefined)}>
              Close
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
