import { whenIdle } from '../../../lib/when-idle';

let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded, its largest paint has been reported and the browser is then idle
 * (at the latest a few seconds after the load): what is not needed for the first screen, such as
 * Google's sign-in script, waits for it instead of competing with the first cards for the network
 * and the main thread.
 */
export function whenPageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const loaded =
      document.readyState === 'complete'
        ? Promise.resolve()
        : new Promise<void>((done) => window.addEventListener('load', () => done(), { once: true }));
    const painted = new Promise<void>((done) => {
      try {
        const observer = new PerformanceObserver((list) => {
          if (list.getEntries().length) {
            observer.disconnect();
            done();
          }
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      } catch {
        done();
      }
      // A page whose largest paint is never reported (a browser without it, a hidden tab).
      window.setTimeout(done, 5000);
    });
    void Promise.all([loaded, painted]).then(() => whenIdle(resolve, 4000));
  });
  return settled;
}
