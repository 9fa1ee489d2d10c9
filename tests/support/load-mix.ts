import pg from 'pg';
import { signSession } from '../../functions/lib/auth';
import { resetEnv } from '../../functions/lib/env';
import { WriteLedger } from './write-ledger';

/**
 * Mixed traffic for the outage test and the soak and outage benchmarks: anonymous catalogue
 * reads, database reads, and signed-in writes (comments and their deletion, favourites, votes,
 * proposals), each user driven by one worker and kept under the server's rate limits as a real
 * client would be.
 */

export interface MixFixture {
  festivalIds: number[];
  mediaIds: number[];
  users: { id: number; token: string }[];
}

export const SPANISH_503 = 'La base de datos no está disponible. Inténtalo de nuevo en unos segundos.';
export const PROPOSAL_GENRES = 'Techno, House';

/** Users and approved gallery items for the load, in the server's (already seeded) database; tokens signed with its secret. */
export async function prepareMix(url: string, sessionSecret: string, userCount: number): Promise<MixFixture> {
  resetEnv({ SESSION_SECRET: sessionSecret });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tag = Date.now().toString(36);
    const { rows: users } = await client.query<{ id: number }>(
      `insert into users (email, name)
       select 'carga-' || $1 || '-' || g || '@festivales.test', 'Persona ' || g from generate_series(1, $2::int) g
       returning id`,
      [tag, userCount],
    );
    const { rows: festivals } = await client.query<{ id: number }>(
      "select id from festivals where status = 'approved' order by id",
    );
    const { rows: media } = await client.query<{ id: number }>(
      `insert into media (festival_id, user_id, url, caption, status)
       select f.id, $1::int, 'https://img.example.com/carga/' || f.id || '-' || k || '.jpg', 'Foto ' || k, 'approved'
       from (select id from festivals where status = 'approved' order by id limit 20) f cross join generate_series(1, 3) k returning id`,
      [users[0].id],
    );
    const tokens = await Promise.all(users.map((u) => signSession({ id: u.id, sessionVersion: 0 })));
    return {
      festivalIds: festivals.map((f) => f.id),
      mediaIds: media.map((m) => m.id),
      users: users.map((u, i) => ({ id: u.id, token: tokens[i] })),
    };
  } finally {
    await client.end();
  }
}

export type Verdict = 'ok' | 'unavailable' | 'bad';

export interface Outcome {
  op: string;
  /** Read from the catalogue the server keeps in memory (answers during an outage). */
  catalogue: boolean;
  started: number;
  ended: number;
  status: number;
  verdict: Verdict;
  /** For a 'bad' outcome: what was wrong. */
  problem?: string;
  /** X-Request-Id of the answer, to find the server's log line. */
  requestId?: string;
}

/** Server-side limits (functions/lib/rate-limit.ts, proposals.ts), one short to absorb a window edge. */
const budgets = {
  comment: { limit: 9, windowMs: 600_000 },
  vote: { limit: 55, windowMs: 60_000 },
  propose: { limit: 4, windowMs: 3_600_000 },
};
type Budgeted = keyof typeof budgets;
const MAX_PROPOSALS_PER_USER = 9;

export interface MixOptions {
  workers: number;
  /** Keep every outcome (the outage analysis needs the timeline); otherwise only counts. */
  keepOutcomes?: boolean;
  /** Abort a request after this long and count it as a hang. */
  requestTimeoutMs?: number;
}

export class LoadMix {
  readonly ledger = new WriteLedger();
  readonly outcomes: Outcome[] = [];
  readonly counts = new Map<string, number>();
  readonly problems: string[] = [];
  /** Every request's duration in ms, as the client saw it. */
  readonly latencies: number[] = [];
  private stopped = false;
  private sent = new Map<string, number>();
  private proposals = new Map<number, number>();
  private ownComments = new Map<number, number[]>();
  private serial = 0;

  constructor(
    private base: string,
    private fixture: MixFixture,
    private options: MixOptions,
  ) {}

  /** Runs the workers until stop() is called. */
  async run(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.workers }, (_, w) => this.worker(w)));
  }

  stop() {
    this.stopped = true;
  }

  private take(kind: Budgeted, userId: number): boolean {
    const { limit, windowMs } = budgets[kind];
    const key = `${kind}:${userId}:${Math.floor(Date.now() / windowMs)}`;
    const used = this.sent.get(key) ?? 0;
    if (used >= limit) return false;
    if (kind === 'propose' && (this.proposals.get(userId) ?? 0) >= MAX_PROPOSALS_PER_USER) return false;
    this.sent.set(key, used + 1);
    if (kind === 'propose') this.proposals.set(userId, (this.proposals.get(userId) ?? 0) + 1);
    return true;
  }

  private async worker(w: number) {
    const { users, festivalIds, mediaIds } = this.fixture;
    const mine = users.filter((_, i) => i % this.options.workers === w);
    for (let n = 0; !this.stopped; n++) {
      const user = mine[n % mine.length];
      const festival = festivalIds[(w * 7 + n) % festivalIds.length];
      const roll = (w * 31 + n * 17) % 100;
      if (roll < 25) await this.call('list', true, 'GET', '/api/festivals');
      else if (roll < 35)
        await this.call('list-filtered', true, 'GET', `/api/festivals?genre=Techno&sort=name&limit=${5 + (n % 20)}`);
      else if (roll < 50) await this.call('detail', true, 'GET', `/api/festivals/${festival}`);
      else if (roll < 58) await this.call('comments', false, 'GET', `/api/comments/festival/${festival}?limit=20`);
      else if (roll < 63)
        await this.call('gallery', false, 'GET', `/api/media/festival/${festivalIds[n % 20]}`, undefined, user.token);
      else if (roll < 68) await this.call('my-favourites', false, 'GET', '/api/favorites', undefined, user.token);
      else if (roll < 78) await this.favourite(user, festival);
      else if (roll < 88 && this.take('vote', user.id))
        await this.vote(user, mediaIds[(w + n) % mediaIds.length], 1 + (n % 5));
      else if (roll < 95 && this.take('comment', user.id)) await this.comment(user, festival, `${w}-${n}`);
      else if (roll < 97) await this.deleteComment(user);
      else if (this.take('propose', user.id)) await this.propose(user, `${w}-${n}`);
      else await this.call('list', true, 'GET', '/api/festivals');
    }
  }

  private async favourite(user: { id: number; token: string }, festival: number) {
    const res = await this.call('favourite', false, 'POST', `/api/favorites/${festival}`, undefined, user.token);
    this.ledger.favourite(res.ok, user.id, festival);
  }

  private async vote(user: { id: number; token: string }, media: number, rating: number) {
    const res = await this.call('vote', false, 'POST', `/api/gallery/${media}/rate`, { rating }, user.token);
    this.ledger.vote(res.ok, user.id, media, rating);
  }

  private async comment(user: { id: number; token: string }, festival: number, tag: string) {
    const content = `Carga ${tag}: buen sonido y mejor ambiente.`;
    const res = await this.call(
      'comment',
      false,
      'POST',
      '/api/comments',
      { festival_id: festival, content, rating: 1 + (this.serial % 5) },
      user.token,
    );
    const id = res.ok ? Number((res.json as { id: number }).id) : undefined;
    this.ledger.comment(res.ok, id, content);
    if (id) this.ownComments.set(user.id, [...(this.ownComments.get(user.id) ?? []), id]);
  }

  private async deleteComment(user: { id: number; token: string }) {
    const id = this.ledger.commentToDelete(this.ownComments.get(user.id) ?? []);
    if (id === undefined) return void (await this.call('list', true, 'GET', '/api/festivals'));
    const res = await this.call('delete-comment', false, 'DELETE', `/api/comments/${id}`, undefined, user.token);
    this.ledger.deleteComment(res.ok, id);
  }

  private async propose(user: { id: number; token: string }, tag: string) {
    const name = `Propuesta de carga ${Date.now().toString(36)} ${tag}`;
    const body = {
      name,
      location: 'Valencia, España',
      start_date: '2031-08-15',
      end_date: '2031-08-17',
      description: 'Propuesta enviada por la prueba de carga.',
      genres: PROPOSAL_GENRES,
    };
    const res = await this.call('propose', false, 'POST', '/api/festivals', body, user.token);
    this.ledger.proposal(res.ok, name, res.ok ? Number((res.json as { id: number }).id) : undefined);
  }

  private async call(op: string, catalogue: boolean, method: string, path: string, body?: unknown, token?: string) {
    this.serial += 1;
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    let status = 0;
    let json: unknown;
    let problem: string | undefined;
    let requestId: string | undefined;
    try {
      const res = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000),
      });
      status = res.status;
      requestId = res.headers.get('X-Request-Id') ?? undefined;
      const text = await res.text();
      try {
        json = JSON.parse(text);
      } catch {
        problem = `${op} ${status}: not JSON: ${text.slice(0, 120)}`;
      }
      if (/\n\s+at /.test(text)) problem = `${op} ${status}: stack trace in the body`;
    } catch (error) {
      problem = `${op}: ${(error as Error).name === 'TimeoutError' ? 'no answer (timeout)' : (error as Error).message}`;
    }
    const ended = performance.now();
    let verdict: Verdict = 'bad';
    if (!problem && status >= 200 && status < 300) verdict = 'ok';
    else if (!problem && status === 503) {
      const err = json as { error?: string; code?: string; requestId?: string };
      if (err.error === SPANISH_503 && err.code === 'database_unavailable' && err.requestId) verdict = 'unavailable';
      else problem = `${op} 503 with body ${JSON.stringify(json).slice(0, 160)}`;
    } else if (!problem) problem = `${op} ${status}: ${JSON.stringify(json).slice(0, 160)}`;
    this.latencies.push(ended - started);
    const key = `${op} ${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (problem && this.problems.length < 200) this.problems.push(problem);
    if (this.options.keepOutcomes)
      this.outcomes.push({ op, catalogue, started, ended, status, verdict, problem, requestId });
    return { ok: verdict === 'ok', json };
  }
}
