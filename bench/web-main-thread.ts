/**
 * How much main-thread work a cold load of each screen costs, in CPU time of the page's renderer
 * thread (a trace's thread time), which other processes on a busy machine barely change: a
 * Lighthouse score on a two-core machine moves by 10 points with the load average, as its
 * simulation multiplies the wall time of every task by 4. For each path, the median over the runs:
 *
 *   - total: main-thread CPU from navigation until the page has been quiet for a while;
 *   - blocking at 4x: the sum over tasks after the first contentful paint of (4 x CPU - 50 ms), what
 *     Lighthouse's total blocking time would be if every task took its CPU time;
 *   - the longest task, and the time by kind of work as Lighthouse groups it.
 *
 * Cold loads in a fresh browser context, a 412 x 823 phone screen, no throttling (the 4x is applied
 * to the figures). Run it against the generated catalogue, as for Lighthouse:
 *
 *   BASE_URL=http://127.0.0.1:4060 npx tsx bench/web-main-thread.ts / /festival/6502 /map /calendar --runs=5
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { withWebServer } from './support/web-server';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const paths = args.filter((a) => !a.startsWith('--'));
if (paths.length === 0) paths.push('/', '/festival/6502', '/map', '/calendar');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; processId?: number } };
}

// Lighthouse's groups of main-thread work (its main-thread-tasks categories), by trace event name.
const KINDS: Record<string, string[]> = {
  script: [
    'v8.evaluateModule',
    'EvaluateScript',
    'FunctionCall',
    'v8.callFunction',
    'RunMicrotasks',
    'TimerFire',
    'FireAnimationFrame',
    'FireIdleCallback',
    'EventDispatch',
    'V8.Execute',
  ],
  compile: [
    'v8.compile',
    'v8.compileModule',
    'V8.CompileCode',
    'V8.ScriptCompiler',
    'CompileScript',
    'v8.produceModuleCache',
    'v8.produceCache',
  ],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'],
  layout: ['Layout'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'Commit', 'PaintImage', 'Decode Image', 'UpdateLayer', 'CompositeLayers'],
  html: ['ParseHTML'],
  gc: ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase', 'ThreadState::performIdleLazySweep'],
};
const kindOf = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((name) => [name, kind] as const)));
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

interface LoadFigures {
  total: number;
  blocking: number;
  longest: number;
  kinds: Record<string, number>;
  /** What the 'other' time was, by trace event name. */
  others: Map<string, number>;
}

/** The figures of one trace, for the renderer that committed the page at `url`. */
function figures(events: TraceEvent[], url: string): LoadFigures {
  const host = new URL(url).host;
  const committed = events.find((e) => e.name === 'FrameCommittedInBrowser' && e.args?.data?.url?.includes(host));
  if (!committed?.args?.data?.processId) throw new Error(`no renderer committed ${url} in the trace`);
  const pid = committed.args.data.processId;
  const mainThread = events.find((e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const own = events
    .filter((e) => e.pid === pid && e.tid === mainThread?.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')?.ts ?? 0;
  // Each event's own CPU time: its thread time less that of the events directly inside it.
  const kinds: Record<string, number> = Object.fromEntries([...Object.keys(KINDS), 'other'].map((k) => [k, 0]));
  const others = new Map<string, number>();
  const open: { name: string; end: number; cpu: number; kind: string; inner: number }[] = [];
  const close = (until: number) => {
    while (open.length && open.at(-1)!.end <= until) {
      const done = open.pop()!;
      const own = Math.max(0, done.cpu - done.inner) / 1000;
      kinds[done.kind] += own;
      if (done.kind === 'other') others.set(done.name, (others.get(done.name) ?? 0) + own);
    }
  };
  let total = 0;
  let blocking = 0;
  let longest = 0;
  for (const event of own) {
    close(event.ts);
    const cpu = event.tdur ?? event.dur!;
    if (open.length) open.at(-1)!.inner += cpu;
    else if (TASKS.has(event.name)) {
      const ms = cpu / 1000;
      total += ms;
      longest = Math.max(longest, ms);
      if (event.ts >= fcp) blocking += Math.max(0, 4 * ms - 50);
    }
    // Work with no kind of its own (the engine's inner steps) counts as the work it is part of.
    const kind = TASKS.has(event.name) ? 'other' : (kindOf.get(event.name) ?? open.at(-1)?.kind ?? 'other');
    open.push({ name: event.name, end: event.ts + event.dur!, cpu, kind, inner: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return { total, blocking, longest, kinds, others };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await withWebServer(async (base) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    for (const pathname of paths) {
      const url = base + pathname;
      const all: LoadFigures[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        await browser.startTracing(page, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'v8',
            'blink',
            'loading',
            'toplevel',
          ],
        });
        await page.goto(url, { waitUntil: 'load' });
        // Lazy chunks, the first data and the images settle after 'load'.
        await page.waitForTimeout(3000);
        const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        await context.close();
        all.push(figures(traceEvents, url));
      }
      const kinds = Object.keys(all[0].kinds)
        .map((kind) => `${kind} ${median(all.map((f) => f.kinds[kind])).toFixed(0)}`)
        .join(', ');
      console.log(
        `${pathname}  (load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
      console.log(
        `  main-thread CPU ${median(all.map((f) => f.total)).toFixed(0)} ms, ` +
          `blocking at 4x ${median(all.map((f) => f.blocking)).toFixed(0)} ms, ` +
          `longest task ${median(all.map((f) => f.longest)).toFixed(0)} ms (median of ${runs})`,
      );
      const otherNames = new Map<string, number>();
      for (const f of all)
        for (const [name, ms] of f.others) otherNames.set(name, (otherNames.get(name) ?? 0) + ms / runs);
      const largestOthers = [...otherNames.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
      console.log(`  by kind (ms): ${kinds} (other, mean: ${largestOthers.join(', ')})`);
    }
  } finally {
    await browser.close();
  }
});
