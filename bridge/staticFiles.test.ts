// The built app goes out gzipped to browsers that take it, byte for byte the same once
// unpacked; hashed assets are cached for good, and nothing outside dist/web is reachable.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet, repoRoot, startTestBridge, type TestBridge } from './testing/bridgeClient.js';

const webDir = path.join(repoRoot, 'dist', 'web');
const mainJs = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8').match(/assets\/index-[\w-]+\.js/)?.[0] ?? '';

let t: TestBridge;
beforeAll(async () => {
  t = await startTestBridge({ staticDir: webDir });
});
afterAll(async () => {
  await t.dispose();
});

describe('the app as served', () => {
  it('gzipped when accepted: the same bytes unpacked, a fraction of them on the wire, cached for good', async () => {
    const raw = fs.readFileSync(path.join(webDir, mainJs));
    for (let i = 0; i < 2; i++) {
      const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port: t.bridge.port, path: `/${mainJs}`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['cache-control']).toContain('immutable');
      expect(answer.body.length).toBeLessThan(raw.length / 2);
      expect(zlib.gunzipSync(answer.body).equals(raw)).toBe(true);
    }
  });

  it('as it is to a client that takes no gzip', async () => {
    const answer = await httpGet(t.bridge.port, `/${mainJs}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.length).toBe(fs.readFileSync(path.join(webDir, mainJs), 'utf8').length);
  });

  it('never outside dist/web, however the path is spelled', async () => {
    for (const attempt of ['/..%2f..%2fpackage.json', '/%2e%2e/package.json', '/assets/..%2f..%2f..%2fpackage.json', '/%E0%A4%A']) {
      const answer = await httpGet(t.bridge.port, attempt, { 'accept-encoding': 'gzip' });
      expect(answer.body).not.toContain('"devDependencies"');
    }
  });
});
