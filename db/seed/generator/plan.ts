import { uniform, type Uniform } from './sql-text';

/** What to generate; sizes not given follow from the number of festivals (resolveCatalogueSizes). */
export interface CatalogueOptions {
  festivals?: number;
  comments?: number;
  votes?: number;
  /** Gallery photos (default 4 a festival). */
  media?: number;
  /** People who comment and vote (default: enough that nobody votes the same photo twice). */
  users?: number;
  /** Same seed, same day: same catalogue. */
  seed?: number;
  /** YYYY-MM-DD the dates are spread around (one year before, one after); default today. */
  today?: string;
}

export interface CatalogueSizes {
  festivals: number;
  comments: number;
  votes: number;
  media: number;
  users: number;
  seed: number;
  today: string;
}

/** The sizes plus where the generated ids start, for the statements. */
export interface GenerationPlan extends CatalogueSizes {
  festivalBase: number;
  userBase: number;
  commentBase: number;
  mediaBase: number;
  /** Multiplier that spreads one festival's (or photo's) commenters over all users without repeats. */
  userStride: number;
  u: Uniform;
}

export const DEFAULT_FESTIVALS = 10_000;
/** The proportions of the real-scale target: 10,000 festivals, 500,000 comments, 2,000,000 votes. */
export const COMMENTS_PER_FESTIVAL = 50;
export const VOTES_PER_FESTIVAL = 200;
export const MEDIA_PER_FESTIVAL = 4;

function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export class CatalogueOptionsError extends Error {}

function count(value: number | undefined, fallback: number, label: string, min = 0): number {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < min || n > 100_000_000) {
    throw new CatalogueOptionsError(
      `${label} debe ser un número entero entre ${min} y 100.000.000 (recibido: ${value}).`,
    );
  }
  return n;
}

export function resolveCatalogueSizes(options: CatalogueOptions): CatalogueSizes {
  const festivals = count(options.festivals, DEFAULT_FESTIVALS, '--festivals', 1);
  const comments = count(options.comments, festivals * COMMENTS_PER_FESTIVAL, '--comments');
  const votes = count(options.votes, festivals * VOTES_PER_FESTIVAL, '--votes');
  const media = count(options.media, festivals * MEDIA_PER_FESTIVAL, '--media');
  // About 8 comments and 40 votes a person: active, but no one rates every festival.
  const users = count(options.users, Math.max(100, Math.ceil(comments / 8), Math.ceil(votes / 40)), '--users', 1);
  const seed = count(options.seed, 1, '--seed');
  const today = options.today ?? localToday();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`))) {
    throw new CatalogueOptionsError(`--today debe ser una fecha AAAA-MM-DD (recibido: ${today}).`);
  }
  if (votes > 0 && media === 0)
    throw new CatalogueOptionsError('Para generar votos hace falta al menos una foto (--media).');
  return { festivals, comments, votes, media, users, seed, today };
}

const STRIDES = [7919, 104_729, 1_299_709, 15_485_863];

export function makePlan(
  sizes: CatalogueSizes,
  bases: Pick<GenerationPlan, 'festivalBase' | 'userBase' | 'commentBase' | 'mediaBase'>,
): GenerationPlan {
  const userStride = STRIDES.find((p) => sizes.users % p !== 0)!;
  return { ...sizes, ...bases, userStride, u: uniform(sizes.seed) };
}
