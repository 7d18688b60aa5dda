/**
 * The socket's door: only /ws, and only through the gate (token, Origin, Host); a refusal is an
 * HTTP answer written on the raw socket, since no WebSocket was ever opened.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { checkTapUpgrade, checkUpgrade, type Access, type GatePolicy } from './security.js';

export function upgradeHandler(
  policy: GatePolicy,
  wss: WebSocketServer,
  serve: (ws: WebSocket, access: Access) => void,
  /** `/ws/tap`: a tap's socket, behind its own token (docs/adr/0010). */
  tap?: { token: string; wss: WebSocketServer; serve: (ws: WebSocket) => void },
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    const tapDoor = tap !== undefined && url.pathname === '/ws/tap';
    if (url.pathname !== '/ws' && !tapDoor) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const verdict = tapDoor ? checkTapUpgrade(policy, tap.token, req.headers) : checkUpgrade(policy, url, req.headers);
    if (!verdict.ok) {
      const text = verdict.status === 401 ? 'Unauthorized' : 'Forbidden';
      socket.end(`HTTP/1.1 ${verdict.status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${verdict.reason}`);
      return;
    }
    const access = verdict.access;
    if (tapDoor) tap.wss.handleUpgrade(req, socket, head, (ws) => tap.serve(ws));
    else wss.handleUpgrade(req, socket, head, (ws) => serve(ws, access));
  };
}
