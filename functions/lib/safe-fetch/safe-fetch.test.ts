import { gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '../env';
import { isPublicAddress } from './address-policy';
import { safeFetch, SafeFetchError } from './safe-fetch';

// Names only this test resolves (the machine resolves no public name): each lookup is counted, and
// 'festival.test' answers the loopback server, so a request that reaches it went to the address
// the fetcher looked up itself and checked, not to a second answer.
const lookups: string[] = [];
vi.mock('node:dns/promises', async (original) => {
  const real = await original<typeof import('node:dns/promises')>();
  const fake: Record<string, { address: string; family: number }[]> = {
    'festival.test': [{ address: '127.0.0.1', family: 4 }],
    'public.test': [{ address: '8.8.8.8', family: 4 }],
    'mixed.test': [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
    'metadata.test': [{ address: '169.254.169.254', family: 4 }],
    'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  };
  return {
    ...real,
    lookup: async (host: string, options: unknown) => {
      lookups.push(host);
      if (fake[host]) return fake[host];
      return real.lookup(host, options as never);
    },
  };
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface TestSite {
  port: number;
  url: (path?: string) => string;
  requests: IncomingMessage[];
  handle: (path: string, handler: Handler) => void;
  close: () => Promise<void>;
}

async function startSite(): Promise<TestSite> {
  const handlers = new Map<string, Handler>();
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    const handler = handlers.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) handler(req, res);
    else res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    requests,
    handle: (path, handler) => handlers.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The error a fetch fails with (the test fails if it succeeds). */
async function refusal(url: string, options?: Parameters<typeof safeFetch>[1]): Promise<SafeFetchError> {
  try {
    await safeFetch(url, options);
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  }
  throw new Error(`${url} se descargó, y debía rechazarse`);
}

let site: TestSite;
let other: TestSite;

beforeAll(async () => {
  site = await startSite();
  other = await startSite();
});
afterAll(async () => {
  await site.close();
  await other.close();
  resetEnv({ IMPORT_ALLOW_HOSTS: undefined });
});
beforeEach(() => {
  // Only the first site is named in the allow list; the second stands for an internal service.
  resetEnv({ IMPORT_ALLOW_HOSTS: `127.0.0.1:${site.port},festival.test:${site.port}` });
  lookups.length = 0;
});

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '2002:7f00:1::1',
    '64:ff9b::7f00:1',
    'ff02::1',
    'not an address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '93.184.216.34', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('safeFetch', () => {
  it('reads a page of an allowed server, saying who asks', async () => {
    site.handle('/hola', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<p>hola</p>'),
    );
    const answer = await safeFetch(site.url('/hola'));
    expect(answer).toMatchObject({ status: 200, contentType: 'text/html', url: site.url('/hola') });
    expect(answer.text()).toBe('<p>hola</p>');
    expect(site.requests.at(-1)!.headers['user-agent']).toMatch(/^FestivalesBot\/1\.0/);
  });

  it('connects to the address it looked up and checked, once per hop', async () => {
    site.handle('/pin', (req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(req.headers.host));
    const answer = await safeFetch(`http://festival.test:${site.port}/pin`);
    // The machine cannot resolve festival.test: only the fetcher's own lookup knew where it was.
    expect(answer.text()).toBe(`festival.test:${site.port}`);
    expect(lookups).toEqual(['festival.test']);
  });

  it.each([
    ['ftp://example.com/file', 'fetch_scheme'],
    ['file:///etc/passwd', 'fetch_scheme'],
    ['javascript:alert(1)', 'fetch_scheme'],
    ['gopher://127.0.0.1:70/', 'fetch_scheme'],
    ['not a url', 'fetch_invalid_url'],
    ['http://user:secret@example.com/', 'fetch_credentials'],
    ['http://example.com:8080/', 'fetch_port'],
    ['https://example.com:22/', 'fetch_port'],
  ])('answers 400 to %s', async (url, code) => {
    const error = await refusal(url);
    expect(error.status).toBe(400);
    expect(error.code).toBe(code);
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://192.168.0.10/',
    'http://172.20.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://metadata.test/',
    'http://mapped.test/',
    'http://mixed.test/',
  ])('refuses %s with a 422 in Spanish, before connecting', async (url) => {
    const error = await refusal(url);
    expect(error.status).toBe(422);
    expect(error.code).toBe('fetch_refused_address');
    expect(error.message).toMatch(/privada, local o interna/);
  });

  it('refuses a loopback server on another port than the allowed one', async () => {
    other.handle('/secreto', (_req, res) => res.writeHead(200).end('contraseña interna'));
    const error = await refusal(other.url('/secreto'));
    expect(error.code).toBe('fetch_port');
    expect(other.requests).toHaveLength(0);
  });

  it.each([
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/iam/', 'fetch_refused_address'],
    ['loopback on port 80', 'http://127.0.0.1/admin', 'fetch_refused_address'],
    ['a name for loopback', 'http://localhost/admin', 'fetch_refused_address'],
    ['an IPv4-mapped IPv6 address', 'http://[::ffff:169.254.169.254]/', 'fetch_refused_address'],
    ['an internal port', 'INTERNAL', 'fetch_port'],
  ])('refuses a redirect to %s, revealing nothing of it', async (_name, target, code) => {
    const location = target === 'INTERNAL' ? other.url('/secreto') : target;
    site.handle('/salta', (_req, res) => res.writeHead(302, { Location: location }).end());
    other.handle('/secreto', (_req, res) => res.writeHead(200).end('contraseña interna'));
    const error = await refusal(site.url('/salta'));
    expect(error.code).toBe(code);
    expect(error.message).not.toMatch(/contraseña/);
    expect(other.requests).toHaveLength(0);
  });

  it('follows up to three redirects, relative ones included, and refuses a fourth', async () => {
    site.handle('/r1', (_req, res) => res.writeHead(301, { Location: '/r2' }).end());
    site.handle('/r2', (_req, res) => res.writeHead(302, { Location: site.url('/r3') }).end());
    site.handle('/r3', (_req, res) => res.writeHead(307, { Location: '/fin' }).end());
    site.handle('/fin', (_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('llegué'));
    site.handle('/r0', (_req, res) => res.writeHead(308, { Location: '/r1' }).end());
    expect((await safeFetch(site.url('/r1'))).text()).toBe('llegué');
    const error = await refusal(site.url('/r0'));
    expect(error).toMatchObject({ status: 422, code: 'fetch_redirects' });
  });

  it('cuts a body streamed past the cap, and refuses a declared one before reading it', async () => {
    let sent = 0;
    let finished = false;
    site.handle('/grande', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const write = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        finished = true;
        res.end();
      };
      res.on('error', () => undefined);
      write();
    });
    const error = await refusal(site.url('/grande'), { maxBytes: 1024 * 1024 });
    expect(error).toMatchObject({ status: 413, code: 'fetch_too_large' });
    expect(error.message).toMatch(/más de 1 MB/);
    expect(finished).toBe(false);

    site.handle('/declarada', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(5 * 1024 * 1024) }).end('x'),
    );
    expect(await refusal(site.url('/declarada'))).toMatchObject({ code: 'fetch_too_large' });
  });

  it('counts a compressed body once decompressed (a small gzip of 5 MB is 5 MB)', async () => {
    const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, 0));
    site.handle('/bomba', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }).end(bomb),
    );
    const small = gzipSync(Buffer.from('<meta name="x">'));
    site.handle('/gzip', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }).end(small),
    );
    expect(await refusal(site.url('/bomba'))).toMatchObject({ code: 'fetch_too_large' });
    expect((await safeFetch(site.url('/gzip'))).text()).toBe('<meta name="x">');
  });

  it('gives up on a server that never answers, and on one that answers too slowly, at the deadline', async () => {
    site.handle('/mudo', () => undefined);
    site.handle('/lento', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    });
    for (const path of ['/mudo', '/lento']) {
      const started = Date.now();
      const error = await refusal(site.url(path), { timeoutMs: 400 });
      expect(error.code).toBe('fetch_timeout');
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('refuses an answer of another type before reading it, and says what an error status was', async () => {
    site.handle('/foto', (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end('png'));
    site.handle('/falta', (_req, res) => res.writeHead(404).end());
    site.handle('/roto', (_req, res) => res.writeHead(500).end('stack trace interno'));
    expect(await refusal(site.url('/foto'), { accept: ['text/html'] })).toMatchObject({
      status: 422,
      code: 'fetch_type',
    });
    expect(await refusal(site.url('/falta'))).toMatchObject({ status: 422, code: 'fetch_status' });
    const broken = await refusal(site.url('/roto'));
    expect(broken).toMatchObject({ status: 502, code: 'fetch_status' });
    expect(broken.message).not.toMatch(/stack/);
  });

  it('answers 502 for a name that does not resolve', async () => {
    expect(await refusal('http://no-existe.invalid/')).toMatchObject({ status: 502, code: 'fetch_unreachable' });
  });
});
