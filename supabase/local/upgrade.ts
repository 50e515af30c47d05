// The app server forwards Realtime's WebSocket (/realtime/v1/...) to the gateway, as it
// forwards the other API paths (app-server.ts): the app's API is the page's own origin.
// The upgrade request is written to the gateway as it came, and the two sockets are piped.
import type { Server } from 'node:http';
import { connect } from 'node:net';

export function forwardUpgrades(server: object, gatewayPort: number, host: string): void {
  (server as Server).on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith('/realtime/v1/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
      return;
    }
    const upstream = connect(gatewayPort, host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    upstream.on('close', end);
    socket.on('close', end);
  });
}
