import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { neonConfig } from '@neondatabase/serverless';
import ws, { WebSocketServer } from 'ws';

export interface NeonProxy {
  port: number;
  close(): Promise<void>;
}

/**
 * Stands in for Neon's WebSocket endpoint in front of a plain PostgreSQL server: reads
 * `?address=host:port` from the upgrade URL and pipes bytes both ways.
 */
export async function startNeonProxy(): Promise<NeonProxy> {
  const server: Server = createServer((_req, res) => res.writeHead(426).end());
  const wss = new WebSocketServer({ server });
  const sockets = new Set<Socket>();
  wss.on('connection', (socket, request) => {
    const address = new URL(request.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const [host, port] = address.split(':');
    const tcp = connect(Number(port), host);
    sockets.add(tcp);
    // The driver may write its startup message before the TCP connection is up.
    const pending: Buffer[] = [];
    let open = false;
    tcp.on('connect', () => {
      open = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    socket.on('message', (data: Buffer) => (open ? tcp.write(data) : pending.push(data)));
    tcp.on('data', (data) => socket.readyState === ws.OPEN && socket.send(data));
    tcp.on('close', () => {
      sockets.delete(tcp);
      socket.close();
    });
    tcp.on('error', () => socket.close());
    socket.on('close', () => tcp.end());
    socket.on('error', () => tcp.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Points the Neon driver (this process's copy) at the proxy, in plain WebSocket without TLS. */
export function useNeonProxy(proxy: NeonProxy): void {
  neonConfig.webSocketConstructor = ws;
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxy.port}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}
