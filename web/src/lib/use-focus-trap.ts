import { useEffect, type RefObject } from 'react';
import { useLatest } from './use-latest';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

// Open traps, innermost last: only the innermost one handles keys (a report modal over the lightbox).
const stack: HTMLElement[] = [];

/** True when `el` is the innermost open dialog (keyboard shortcuts of outer layers stay quiet). */
export function isTopLayer(el: HTMLElement | null): boolean {
  return el !== null && stack[stack.length - 1] === el;
}

/**
 * Keeps Tab inside `ref` while active, calls `onEscape` on Escape, focuses the first control
 * (or `initial`) on open and gives focus back to whatever had it before on close.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape?: () => void,
  initial?: RefObject<HTMLElement | null>,
): void {
  const escape = useLatest(onEscape);

  useEffect(() => {
    if (!active) return;
    const container = ref.current;
    if (!container) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = initial?.current ?? container.querySelector<HTMLElement>(focusable) ?? container;
    first.focus({ preventScroll: true });

    stack.push(container);
    const onKey = (event: KeyboardEvent) => {
      if (!isTopLayer(container)) return;
      if (event.key === 'Escape' && escape.current) {
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...container.querySelectorAll<HTMLElement>(focusable)].filter(
        (el) => el.getClientRects().length > 0,
      );
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const head = items[0];
      const tail = items[items.length - 1];
      const inside = container.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === head || !inside)) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !inside)) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      stack.splice(stack.indexOf(container), 1);
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, [active, ref, initial, escape]);
}
