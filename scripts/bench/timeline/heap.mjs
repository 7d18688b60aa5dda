// The JS heap of the tab and of its workers, through the DevTools protocol: the page's
// Performance.getMetrics (JSHeapUsedSize), and each dedicated worker's Runtime.getHeapUsage
// through a session attached to it. Playwright's CDP sessions speak to pages only, so workers
// are reached the older way (non-flat attach, messages wrapped in Target.sendMessageToTarget).
const MB = 1024 * 1024;

export async function heapProbe(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const workers = new Map();
  const waiting = new Map();
  let nextId = 0;
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') workers.set(e.sessionId, e.targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', (e) => workers.delete(e.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const message = JSON.parse(e.message);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });

  const askWorker = (sessionId, method) =>
    new Promise((resolve) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined); // a worker that went away, or is too busy to answer in time
      }, 10_000);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve(message.result);
      });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(() => resolve(undefined));
    });

  /** MB used now: the page, and all its workers together. */
  async function sample() {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const pageMB = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / MB;
    let workerMB = 0;
    for (const sessionId of workers.keys()) workerMB += ((await askWorker(sessionId, 'Runtime.getHeapUsage'))?.usedSize ?? 0) / MB;
    return { pageMB, workerMB, workers: workers.size };
  }

  /** Polls every `everyMs` until stopped; returns the peaks seen. */
  function watchPeaks(everyMs = 500) {
    const peak = { pageMB: 0, workerMB: 0, totalMB: 0 };
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        const s = await sample().catch(() => undefined);
        if (s) {
          peak.pageMB = Math.max(peak.pageMB, s.pageMB);
          peak.workerMB = Math.max(peak.workerMB, s.workerMB);
          peak.totalMB = Math.max(peak.totalMB, s.pageMB + s.workerMB);
        }
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
    return async () => {
      stopped = true;
      await loop;
      return peak;
    };
  }

  /** After a full collection in the page and in each worker: what the session really keeps. */
  async function settled() {
    await cdp.send('HeapProfiler.collectGarbage').catch(() => undefined);
    for (const sessionId of workers.keys()) await askWorker(sessionId, 'HeapProfiler.collectGarbage');
    return sample();
  }

  return { sample, watchPeaks, settled, detach: () => cdp.detach().catch(() => undefined) };
}
