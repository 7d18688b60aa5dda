// The room's QR code is drawn from the link's own modules: a reader finds it by its three finder
// patterns (7×7 squares at three corners), and a longer link makes a larger code.
import { describe, expect, it } from 'vitest';
import { qrPath } from './RoomLink.js';

const link = 'http://192.0.2.2:6290/#token=abcdefghijklmnopqrstuvwxyz012345&follow=1';

function dark(d: string): Set<string> {
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

describe('qrPath', () => {
  it('draws a QR code of a size the standard allows, with its finder patterns at three corners', () => {
    const { d, size } = qrPath(link);
    expect((size - 17) % 4).toBe(0);
    const on = dark(d);
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      // The finder's outer ring is dark, its inner ring light, its 3×3 core dark.
      expect(on.has(`${x},${y}`)).toBe(true);
      expect(on.has(`${x + 6},${y + 6}`)).toBe(true);
      expect(on.has(`${x + 1},${y + 1}`)).toBe(false);
      expect(on.has(`${x + 3},${y + 3}`)).toBe(true);
    }
    expect(qrPath(`${link}${'x'.repeat(200)}`).size).toBeGreaterThan(size);
  });
});
