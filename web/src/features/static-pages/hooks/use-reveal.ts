import { useEffect, useRef } from 'react';

/**
 * Scroll-in animation for the About page: children marked [data-reveal] that start below the fold
 * fade in when they enter the viewport. Elements already visible at mount, visitors who prefer
 * reduced motion and browsers without IntersectionObserver get no animation at all.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof IntersectionObserver === 'undefined') return;
    const items = [...root.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
      (el) => el.getBoundingClientRect().top > window.innerHeight,
    );
    if (items.length === 0) return;
    for (const el of items) el.classList.add('reveal-pending');
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.add('reveal-in');
          entry.target.classList.remove('reveal-pending');
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: '0px 0px -8% 0px', threshold: 0.05 },
    );
    for (const el of items) observer.observe(el);
    return () => {
      observer.disconnect();
      for (const el of items) el.classList.remove('reveal-pending');
    };
  }, []);
  return ref;
}
