import net from 'node:net';

/**
 * A free port below Linux's ephemeral range (32768 and up), for a test that listens again on the
 * port it listened on before (a bridge restarted, an OAuth callback after a step-up): a port that
 * port 0 gave out is free for any process's connection between the two listens, and a loaded
 * machine hands it out. A user's fixed port (--port, --oauth-callback-port) is such a port too.
 */
export async function fixedPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
