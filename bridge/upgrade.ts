/**
 * The socket's door: only /ws, and only through the gate (token, Origin, Host); a refusal is an
 * HTTP answer written on the raw socket, since no WebSocket was ever opened.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { checkUpgrade, type Access, type GatePolicy } from './security.js';

export function upgradeHandler(
  policy: GatePolicy,
  wss: WebSocketServer,
  serve: (ws: WebSocket, access: Access) => void,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    if (url.pathname !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const verdict = checkUpgrade(policy, url, req.headers);
    if (!verdict.ok) {
      const text = verdict.status === 401 ? 'Unauthorized' : 'Forbidden';
      socket.end(`HTTP/1.1 ${verdict.status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${verdict.reason}`);
      return;
    }
    const access = verdict.access;
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, access));
  };
}
