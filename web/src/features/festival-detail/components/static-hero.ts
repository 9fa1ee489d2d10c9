/**
 * The hero the server wrote into the page (functions/pages/festival-html.ts) lies over the page
 * until React's hero is ready to be seen; then it goes. Only the first page of a visit has one.
 */
function staticHero(): Element | null {
  return typeof document === 'undefined' ? null : document.querySelector('.boot-hero');
}

/** Removes the server's hero at once (the page shows something else, or is left). */
export function removeStaticHero(): void {
  staticHero()?.remove();
}

/**
 * Removes the server's hero once `img` (React's hero picture, the same file) can be painted, so the
 * swap shows no empty frame; at the latest after `maxWaitMs`. Returns a cleanup for an effect.
 */
export function handOverStaticHero(img: HTMLImageElement | null | undefined, maxWaitMs = 3000): () => void {
  const hero = staticHero();
  if (!hero) return () => undefined;
  let done = false;
  const remove = () => {
    if (done) return;
    done = true;
    hero.remove();
  };
  const timer = window.setTimeout(remove, maxWaitMs);
  if (!img) {
    remove();
  } else {
    const loaded = img.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        });
    loaded.then(() => img.decode()).then(remove, remove);
  }
  return () => {
    window.clearTimeout(timer);
    remove();
  };
}
