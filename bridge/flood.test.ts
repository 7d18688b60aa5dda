// A server that floods stdout while the only socket does not read: the bridge must neither
// grow without bound nor drop anything, because every reader is served from the journal.
import { describe, it, expect } from 'vitest';
import type { LineEvent } from '../protocol/envelope.js';
import { BridgeClient, httpGet, nodeServer, readJournal, startTestBridge } from './testing/bridgeClient.js';

const LINES = 200_000;
const MB = 1024 * 1024;

describe('flood', () => {
  it(`journals ${LINES} lines with bounded memory while the socket is paused, then delivers every seq once, in order`, async () => {
    const t = await startTestBridge();
    const reader = await BridgeClient.connect(t.bridge, { validate: false });
    try {
      reader.socket.pause(); // attached, but reads nothing from here on
      const startSeq = reader.welcome.lastSeq;
      const target = startSeq + 1 + LINES + 1; // spawn, the lines, "flood done" on stderr

      const baseline = process.memoryUsage();
      let peakHeap = baseline.heapUsed;
      let peakRss = baseline.rss;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }, 20);

      const started = Date.now();
      reader.send({ type: 'spawn', conn: 'flood', config: nodeServer('flood.mjs', { env: { FLOOD_LINES: String(LINES) } }) });
      const auth = { Authorization: `Bearer ${t.bridge.token}` };
      let lastSeq = -1;
      while (lastSeq < target) {
        if (Date.now() - started > 600_000) throw new Error(`flood not journaled within 600 s: lastSeq ${lastSeq} of ${target}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        lastSeq = (JSON.parse((await httpGet(t.bridge.port, '/api/session', auth)).body) as { lastSeq: number }).lastSeq;
      }
      clearInterval(sampler);
      const floodMs = Date.now() - started;

      const heapGrowth = (peakHeap - baseline.heapUsed) / MB;
      const rssGrowth = (peakRss - baseline.rss) / MB;
      expect(heapGrowth, `heap grew ${heapGrowth.toFixed(1)} MB`).toBeLessThan(200);
      expect(rssGrowth, `rss grew ${rssGrowth.toFixed(1)} MB`).toBeLessThan(200);
      // The paused socket really did hold back: it has almost none of the flood.
      expect(reader.events.length).toBeLessThan(LINES / 2);

      reader.socket.resume();
      await reader.waitFor(() => (reader.events.at(-1)?.seq ?? -1) >= target, { timeoutMs: 600_000, what: 'the whole backlog' });

      const seqs = reader.events.map((e) => e.seq);
      expect(seqs.length).toBe((seqs.at(-1) ?? -1) + 1);
      expect(seqs.every((seq, i) => seq === i)).toBe(true);

      const counters = (lines: { conn?: string; stream?: unknown; text?: unknown }[]): number[] =>
        lines.filter((e) => e.conn === 'flood' && e.stream === 'stdout').map((e) => Number(/"n":(\d+)/.exec(String(e.text))?.[1]));
      const received = counters(reader.events as LineEvent[]);
      expect(received.length).toBe(LINES);
      expect(received.every((n, i) => n === i)).toBe(true);
      expect(
        (reader.events as LineEvent[])
          .filter((e) => e.conn === 'flood' && e.stream === 'stdout')
          .every((e) => e.size === 200 && e.eol === '\n'),
      ).toBe(true);
      expect(reader.events.some((e) => e.kind === 'line' && e.stream === 'stderr' && e.text === 'flood done')).toBe(true);

      const onDisk = counters(readJournal(t.bridge.journalFile) as { conn?: string; stream?: unknown; text?: unknown }[]);
      expect(onDisk.length).toBe(LINES);
      expect(onDisk.every((n, i) => n === i)).toBe(true);

      const from = reader.mark();
      reader.send({ type: 'stop', conn: 'flood' });
      await reader.waitForEvent((e) => e.kind === 'exit' && e.conn === 'flood', { from });
      console.info(
        `flood: ${LINES} lines journaled in ${floodMs} ms; peak heap +${heapGrowth.toFixed(1)} MB, rss +${rssGrowth.toFixed(1)} MB`,
      );
    } finally {
      await reader.close();
      await t.dispose();
    }
  }, 240_000);
});
