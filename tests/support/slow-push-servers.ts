import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './push-service';

export interface SlowServer {
  /** host:port, for PUSH_ALLOW_HOSTS. */
  host: string;
  endpoint(path: string): string;
  /** Connections accepted so far, and how many of them the client has closed. */
  readonly accepted: number;
  readonly closed: number;
  /** Resolves once a connection has been accepted. */
  connected(): Promise<void>;
  close(): Promise<void>;
}

function track(server: net.Server, host: string, beforeClose = () => {}): SlowServer {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  let closed = 0;
  let waiting: (() => void)[] = [];
  server.on('connection', (socket: net.Socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => {
      closed++;
      sockets.delete(socket);
    });
    for (const resolve of waiting) resolve();
    waiting = [];
  });
  return {
    host,
    endpoint: (path) => `https://${host}${path}`,
    get accepted() {
      return accepted;
    },
    get closed() {
      return closed;
    },
    connected: () => (accepted > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        beforeClose();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A listener that accepts connections and never says a word: no TLS handshake, no answer. */
export async function startSilentServer(): Promise<SlowServer> {
  // Reads (and drops) what arrives, so it sees the client hang up; writes nothing.
  const server = net.createServer((socket) => socket.resume());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return track(server, `127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/**
 * An HTTPS server that answers every request with its status and headers at once, then one byte of
 * body every `everyMs`, never ending: what kept web-push's promise open for good.
 */
export async function startTricklingServer(everyMs = 1000): Promise<SlowServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = https.createServer(selfSignedCertificate(), (req, res) => {
    req.resume();
    res.writeHead(503, { 'Content-Type': 'text/plain' });
    res.flushHeaders();
    const timer = setInterval(() => res.write('.'), everyMs);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return track(server, `127.0.0.1:${(server.address() as AddressInfo).port}`, () => {
    for (const timer of timers) clearInterval(timer);
  });
}
