import { log } from '../log';

/**
 * Runs `job` now and every `intervalMs` in this process, never two runs at once; a failure is
 * logged and the next tick tries again (a database briefly down must not stop the server). The
 * timer does not keep the process alive. Returns a function that stops it and waits for a run in
 * progress, so the database can close after it.
 */
export function repeat(name: string, job: () => Promise<unknown>, intervalMs: number): () => Promise<void> {
  let current: Promise<void> | undefined;
  const run = () => {
    current ??= job()
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
    await current;
  };
}
