import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds the latest `value` once the render that gave it is committed, for callbacks that
 * outlive a render (timers, listeners, a third party's callback) and must call the current one
 * without being registered again.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
