import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeocoderRequest {
  /** performance.now() when the request arrived. */
  at: number;
  params: URLSearchParams;
  userAgent: string | undefined;
}

export type GeocoderAnswer =
  { lat: number; lon: number; display_name?: string } | 'none' | 'error' | 'hang' | 'garbage';

/**
 * A Nominatim stand-in on loopback: answers /search with what `answers` holds for the q
 * parameter (a place, nothing, a 500, no answer at all, or nonsense) and records every request.
 */
export async function startGeocoderServer(answers: Record<string, GeocoderAnswer> = {}) {
  const requests: GeocoderRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ at: performance.now(), params: url.searchParams, userAgent: req.headers['user-agent'] });
    const answer = answers[url.searchParams.get('q') ?? ''] ?? 'none';
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
    } else if (answer === 'hang') {
      hanging.add(res);
    } else if (answer === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
    } else if (answer === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ unexpected: true }));
    } else {
      const body =
        answer === 'none'
          ? []
          : [{ lat: String(answer.lat), lon: String(answer.lon), display_name: answer.display_name ?? 'Lugar' }];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search`,
    answers,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
