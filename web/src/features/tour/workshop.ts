/**
 * The Workshop tab's tour, kept outside the components: leaving the tab (for the timeline, say)
 * and coming back finds the tour where it was, its servers still running. One tour at a time
 * per page; choosing another ends the one before.
 */
import type { Tour } from '../../../../protocol/tour/format.js';
import type { SessionStore } from '../../session/sessionStore.js';
import { TourRunner } from './tourRunner.js';
import type { TourSource } from '../../../../protocol/tour/journal.js';

export interface WorkshopSnapshot {
  runner?: TourRunner;
  /** Where the tour came from, in words ("the built-in tour", "first-call.tour.yaml"). */
  name?: string;
  presenting: boolean;
}

export class Workshop {
  private snapshot: WorkshopSnapshot = { presenting: false };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly store: SessionStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): WorkshopSnapshot => this.snapshot;

  play(tour: Tour, source: TourSource, name: string): void {
    this.snapshot.runner?.dispose();
    const runner = new TourRunner(this.store, tour, source);
    runner.start();
    this.set({ runner, name, presenting: false });
  }

  /** Ends the tour: its servers stop, the journal says it ended. */
  close(): void {
    this.snapshot.runner?.dispose();
    this.set({ presenting: false });
  }

  present(presenting: boolean): void {
    if (this.snapshot.presenting !== presenting) this.set({ ...this.snapshot, presenting });
  }

  private set(snapshot: WorkshopSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}

const workshops = new WeakMap<SessionStore, Workshop>();

export function workshopOf(store: SessionStore): Workshop {
  let workshop = workshops.get(store);
  if (!workshop) {
    workshop = new Workshop(store);
    workshops.set(store, workshop);
  }
  return workshop;
}
