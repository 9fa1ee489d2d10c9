/**
 * Lines of hand-written caching and first-paint machinery, counted the same way on any checkout:
 * the lines of code (not blank, not comments) of each file below that exists (a file gone counts 0), at HEAD or at any
 * commit given. The list names what this repository has kept answers or drawn first paints with,
 * before and after the work that made one cache module (docs/architecture.md).
 *
 *   npx tsx bench/caching-lines.ts            (the working tree)
 *   npx tsx bench/caching-lines.ts 16eeb91    (a commit: read with git show)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Server: every place that keeps an answer in memory or answers before routing. */
export const serverFiles = [
  'functions/lib/cache/kept.ts',
  'functions/lib/cache/written.ts',
  'functions/lib/domain/festivals/festival-store.ts',
  'functions/lib/domain/festivals/festival-answer.ts',
  'functions/lib/domain/festivals/festival-lists.ts',
  'functions/lib/response-cache.ts',
  'functions/lib/kept-answers.ts',
  'functions/festivals/kept-lists.ts',
  'functions/lib/domain/editions/versioned-bodies.ts',
  'functions/lib/domain/write-generation.ts',
  'functions/lib/feeds/favorite-feed.ts',
];
/** Web: the first paint drawn outside React and the client's side caches (the other half of the count). */
export const webFiles = [
  'web/boot-script.ts',
  'web/index.html',
  'functions/pages/festival-html.ts',
  'web/src/lib/use-server-data.ts',
  'web/src/lib/early-request.ts',
  'web/src/lib/festival-lists.ts',
  'web/src/lib/catalog.ts',
];

/**
 * The caching code inside files that hold other things too: counted from the first of these start
 * markers found to the end marker (old and new wordings both listed, so either checkout counts).
 */
const sections: Record<string, [starts: string[], end: string]> = {
  'functions/lib/domain/artists/read-artists.ts': [
    ["What the given artists' public pages", "What an artist's public page is built from"],
    'The artist pages a crawler',
  ],
  'functions/lib/domain/artists/artist-search.ts': [['The search index, kept'], 'GET /api/artists: names'],
  'functions/lib/domain/editions/read-editions.ts': [['What the given festival'], 'Festivals whose current edition'],
};

const commit = process.argv[2];
function read(file: string): string | null {
  if (!commit) return existsSync(file) ? readFileSync(file, 'utf8') : null;
  try {
    return execFileSync('git', ['show', `${commit}:${file}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}
/** Lines of code: neither blank nor a comment (a reader's cost is the code; comments explain it). */
const lines = (text: string | null) =>
  text
    ? text
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split('\n')
        .filter((l) => l.trim() && !l.trim().startsWith('//')).length
    : 0;

function count(files: string[], withSections: boolean) {
  let total = 0;
  for (const file of files) {
    const n = lines(read(file));
    total += n;
    console.log(`  ${String(n).padStart(5)}  ${file}`);
  }
  if (withSections) {
    for (const [file, [starts, end]] of Object.entries(sections)) {
      const text = read(file);
      const from = Math.min(...starts.map((start) => text?.indexOf(start) ?? -1).map((at) => (at < 0 ? Infinity : at)));
      const to = from < Infinity ? (text?.indexOf(end, from) ?? -1) : -1;
      const n = text && from < Infinity && to > from ? lines(text.slice(from, to)) : 0;
      total += n;
      console.log(`  ${String(n).padStart(5)}  ${file} (its kept answers)`);
    }
  }
  return total;
}

console.log(
  `Hand-written caching and first-paint machinery at ${commit ?? 'the working tree'} (lines of code: not blank, not comments):`,
);
console.log('server');
const server = count(serverFiles, true);
console.log('web');
const web = count(webFiles, false);
console.log(`server ${server}, web ${web}, total ${server + web}`);
