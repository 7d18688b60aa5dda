import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_UPDATE_MS, STREAM_EVENTS, STREAMING_UPDATE_MS, UpdatePacer } from './updatePacer.js';

describe('UpdatePacer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a few events within 30 ms, once for all that came meanwhile', () => {
    const update = vi.fn();
    const pacer = new UpdatePacer(update);
    pacer.events(1);
    pacer.events(2);
    vi.advanceTimersByTime(FIRST_UPDATE_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('updates five times a second while hundreds of events keep coming, and quickly again once they stop', () => {
    const update = vi.fn();
    const pacer = new UpdatePacer(update);
    // A flood: a frame of 50 events every 10 ms for two seconds.
    for (let t = 0; t < 2000; t += 10) {
      pacer.events(50);
      vi.advanceTimersByTime(10);
    }
    // The first 30 ms update, then one every 200 ms.
    expect(update.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(update.mock.calls.length).toBeLessThanOrEqual(11);
    vi.advanceTimersByTime(STREAMING_UPDATE_MS);
    const afterFlood = update.mock.calls.length;
    // The flood is over: the update that showed it carried a stream, so one more slow one, then quick again.
    pacer.events(1);
    vi.advanceTimersByTime(STREAMING_UPDATE_MS);
    expect(update.mock.calls.length).toBe(afterFlood + 1);
    pacer.events(1);
    vi.advanceTimersByTime(FIRST_UPDATE_MS);
    expect(update.mock.calls.length).toBe(afterFlood + 2);
  });

  it('counts one big batch as a stream at once', () => {
    const update = vi.fn();
    const pacer = new UpdatePacer(update);
    pacer.events(STREAM_EVENTS);
    vi.advanceTimersByTime(FIRST_UPDATE_MS);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(STREAMING_UPDATE_MS - FIRST_UPDATE_MS);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('updates at once when asked, taking the waiting events with it', () => {
    const update = vi.fn();
    const pacer = new UpdatePacer(update);
    pacer.events(3);
    pacer.now();
    expect(update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(STREAMING_UPDATE_MS);
    expect(update).toHaveBeenCalledTimes(1);
  });
});
