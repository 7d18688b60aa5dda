// Measuring inside the page, so that no round trip to the benchmark process is counted:
// - a waiter starts its clock on the user's own input event (the click, the key, the input)
//   and stops it at the first frame after a condition on the DOM holds, checked on every
//   mutation and every frame;
// - a frame sampler records requestAnimationFrame times, from which frame lengths follow.
// `installProbes` runs in the page (page.evaluate), so it may use nothing from this module.
/* global window, document, requestAnimationFrame, cancelAnimationFrame, MutationObserver -- the functions given to page.evaluate run in the tab */

export function installProbes() {
  if (window.__lensBench) return;
  const waits = new Map();
  const attr = (el, name) => el?.getAttribute(name) ?? null;

  /** Does the DOM now show what `spec` asks for? Every part given must hold. */
  function holds(spec) {
    if (spec.contains && !(document.querySelector(spec.contains.selector)?.textContent ?? '').includes(spec.contains.text)) return false;
    if (spec.rows) {
      const scope = spec.rows.within ? document.querySelector(spec.rows.within) : document;
      const rows = scope ? [...scope.querySelectorAll(spec.rows.selector)] : [];
      if (rows.length < (spec.rows.min ?? 1)) return false;
      if (spec.rows.max !== undefined && rows.length > spec.rows.max) return false;
      if (spec.rows.attr && !rows.every((row) => attr(row, spec.rows.attr[0]) === spec.rows.attr[1])) return false;
    }
    if (spec.stats) {
      const el = document.querySelector(spec.stats.selector);
      if (!el) return false;
      for (const [name, value] of Object.entries(spec.stats.attrs ?? {})) if (attr(el, name) !== String(value)) return false;
      for (const [a, b] of spec.stats.same ?? []) if (attr(el, a) === null || attr(el, a) !== attr(el, b)) return false;
      for (const [name, min] of Object.entries(spec.stats.min ?? {})) if (!(Number(attr(el, name)) >= min)) return false;
      if (spec.stats.text && !new RegExp(spec.stats.text).test(el.textContent ?? '')) return false;
      if (spec.stats.textMin) {
        // Every number the pattern captures is the same, and at least `min` ("N of N events").
        const numbers = (new RegExp(spec.stats.textMin.pattern).exec(el.textContent ?? '') ?? []).slice(1).map(Number);
        if (numbers.length === 0 || numbers.some((n) => n !== numbers[0] || !(n >= spec.stats.textMin.min))) return false;
      }
    }
    if (spec.visible) {
      const el = document.querySelector(spec.visible.selector);
      const box = document.querySelector(spec.visible.within);
      if (!el || !box) return false;
      const a = el.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (a.height === 0 || a.top < b.top - 1 || a.bottom > b.bottom + 1) return false;
    }
    return true;
  }

  /**
   * Arms a waiter: its clock starts at the first `trigger` event (capture phase, so before the
   * app's own handlers) or at once without one; it ends at the first frame after `spec` holds.
   */
  function arm(id, trigger, spec) {
    const w = { t0: undefined, tDom: undefined, tShown: undefined, checks: 0 };
    let resolve;
    w.done = new Promise((r) => (resolve = r));
    waits.set(id, w);
    let observer;
    let frame;
    const check = () => {
      if (w.tDom !== undefined) return;
      w.checks++;
      if (!holds(spec)) return;
      w.tDom = performance.now();
      observer?.disconnect();
      cancelAnimationFrame(frame);
      // The frame that paints it, then the task after that paint.
      requestAnimationFrame(() =>
        setTimeout(() => {
          w.tShown = performance.now();
          resolve();
        }, 0),
      );
    };
    const everyFrame = () => {
      check();
      if (w.tDom === undefined) frame = requestAnimationFrame(everyFrame);
    };
    const start = () => {
      w.t0 = performance.now();
      observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      frame = requestAnimationFrame(everyFrame);
      check();
    };
    if (!trigger) start();
    else {
      const onEvent = (event) => {
        if (trigger.key !== undefined && event.key !== trigger.key) return;
        if (trigger.selector && !event.target?.closest?.(trigger.selector)) return;
        for (const type of trigger.events) window.removeEventListener(type, onEvent, true);
        start();
      };
      for (const type of trigger.events) window.addEventListener(type, onEvent, true);
    }
  }

  async function result(id, timeoutMs) {
    const w = waits.get(id);
    if (!w) throw new Error(`no waiter ${id}`);
    let timer;
    const late = new Promise((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
    const how = await Promise.race([w.done.then(() => 'done'), late]);
    clearTimeout(timer);
    waits.delete(id);
    if (how === 'timeout') return { timedOut: true, started: w.t0 !== undefined, checks: w.checks };
    return { toDom: w.tDom - w.t0, toShown: w.tShown - w.t0, shownAt: w.tShown, checks: w.checks };
  }

  /** Notes the time of the next `trigger` event, for a clock that spans several waits. */
  const marks = new Map();
  function mark(id, trigger) {
    const onEvent = (event) => {
      if (trigger.selector && !event.target?.closest?.(trigger.selector)) return;
      for (const type of trigger.events) window.removeEventListener(type, onEvent, true);
      marks.set(id, performance.now());
    };
    for (const type of trigger.events) window.addEventListener(type, onEvent, true);
  }

  /** Frame times from requestAnimationFrame, until stopped. */
  const sampler = { times: [], on: false };
  function frames() {
    if (!sampler.on) return;
    sampler.times.push(performance.now());
    requestAnimationFrame(frames);
  }
  function startFrames() {
    sampler.times = [];
    sampler.on = true;
    requestAnimationFrame(frames);
  }
  function stopFrames() {
    sampler.on = false;
    const t = sampler.times;
    sampler.times = [];
    const gaps = [];
    for (let i = 1; i < t.length; i++) gaps.push(t[i] - t[i - 1]);
    return { gaps, spanMs: t.length > 1 ? t[t.length - 1] - t[0] : 0 };
  }

  /** The unavoidable cost of a journal: its bytes fetched and read to the end, nothing kept. */
  async function fetchBytes(url, token) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const reader = res.body.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    return { ms: performance.now() - t0, bytes };
  }

  /**
   * Resolves once `run` frames in a row were short (the app has finished its start-up work:
   * a lazily loaded editor, a first replay), or after `timeoutMs` regardless; says which.
   */
  function settle(run = 30, shortMs = 25, timeoutMs = 30_000) {
    return new Promise((resolve) => {
      const started = performance.now();
      let last = started;
      let streak = 0;
      const tick = (t) => {
        streak = t - last < shortMs ? streak + 1 : 0;
        last = t;
        if (streak >= run) resolve({ settled: true, ms: t - started });
        else if (t - started > timeoutMs) resolve({ settled: false, ms: t - started });
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  window.__lensBench = { arm, settle, result, mark, markedAt: (id) => marks.get(id), startFrames, stopFrames, fetchBytes };
}

let nextId = 0;

/**
 * Times one interaction: arms a waiter per condition of `until` (an object of named specs),
 * all on the same `trigger` event, runs `act` (the Playwright action), and returns
 * {name: {toDom, toShown}} in ms. Throws, naming the condition, on a timeout.
 */
export async function timeInteraction(page, { trigger, until, act, timeoutMs }) {
  const ids = Object.fromEntries(Object.keys(until).map((name) => [name, ++nextId]));
  for (const [name, id] of Object.entries(ids))
    await page.evaluate(({ id, trigger, spec }) => window.__lensBench.arm(id, trigger, spec), { id, trigger, spec: until[name] });
  await act();
  const out = {};
  for (const [name, id] of Object.entries(ids)) {
    const r = await page.evaluate(({ id, timeoutMs }) => window.__lensBench.result(id, timeoutMs), { id, timeoutMs });
    if (r.timedOut)
      throw new Error(
        `${name}: not done within ${timeoutMs} ms (${r.started ? 'the clock started' : 'the triggering event never came'}; ${r.checks} checks)`,
      );
    out[name] = r;
  }
  return out;
}

/** Frame-length figures from rAF gaps (ms): the longest, the 95th percentile (nearest rank), the mean. */
export function frameFigures({ gaps, spanMs }) {
  const sorted = Float64Array.from(gaps).sort();
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return {
    frames: sorted.length,
    spanMs,
    maxMs: sorted[sorted.length - 1] ?? 0,
    p95Ms: pct(95),
    p50Ms: pct(50),
    fps: spanMs > 0 ? (sorted.length / spanMs) * 1000 : 0,
    over50: gaps.filter((g) => g > 50).length,
  };
}
