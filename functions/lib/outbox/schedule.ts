import { log } from '../log';

/**
 * Runs `job` now and every `intervalMs` in this process, never two runs at once; a failure is
 * logged and the next tick tries again (a database briefly down must not stop the server). The
 * timer does not keep the process alive. Returns a function that stops it: the job's signal is
 * aborted (a job that sends over the network cuts its sends and claims nothing more) and the run in
 * progress is awaited, so the database can close after it.
 */
export function repeat(
  name: string,
  job: (signal: AbortSignal) => Promise<unknown>,
  intervalMs: number,
): () => Promise<void> {
  const stopping = new AbortController();
  let current: Promise<void> | undefined;
  const run = () => {
    if (stopping.signal.aborted) return;
    current ??= job(stopping.signal)
      .then(() => undefined)
      .catch((error) => log().error({ err: error, job: name }, `${name} failed`))
      .finally(() => {
        current = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort(new Error('Envío interrumpido: el servidor se detiene.'));
    await current;
  };
}
