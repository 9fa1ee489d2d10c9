import { memo, startTransition, useEffect, useState } from 'react';
import type { FestivalCard as Card } from '#core/festival-page';
import { FestivalCard } from '../../../components/festival-card/festival-card';

/**
 * Cards drawn with the list itself: its first row, one card on a phone (up to 640 px, where a card's
 * picture is as wide as the screen: CARD_IMAGE_SIZES), three elsewhere; on any width the list starts
 * below the page's heading and filters, so the first row is all the first screen shows. The rest
 * follow in a transition of their own after that first paint: the first card, the page's largest
 * paint, is committed by a shorter task on a slow phone, and its picture does not share the network
 * with the pictures and font files of cards nobody sees yet.
 *
 * When the list replaces another (a search, a filter), the rest wait until it has stayed on screen
 * for REPLACED_REST_MS: while a search is typed, each letter's answer is drawn for a moment, and
 * drawing its other cards then took the main thread just as the next letter's answer arrived (on a
 * throttled phone, the results came up to 250 ms after the last key instead of about 100).
 */
const REPLACED_REST_MS = 300;
const firstCards = () => (window.matchMedia('(max-width: 640px)').matches ? 1 : 3);

// Kept as drawn while the screen around it is drawn again for something else (each key typed in
// the search box).
export const FestivalGrid = memo(function FestivalGrid({
  festivals,
  list = false,
}: {
  festivals: Card[];
  list?: boolean;
}) {
  // Other cards (another search, a filter: a first card that was not on screen) start again from
  // their first row, so a search's results are drawn as quickly as the first load's. The same
  // cards again, a page added by 'Mostrar más' or a favourite taken out keep every card shown.
  const head = festivals[0]?.id;
  const [state, setState] = useState(() => ({
    head,
    shown: festivals,
    all: false,
    first: firstCards(),
    replaced: false,
  }));
  if (state.head !== head) {
    const wasShown = state.shown.slice(0, state.all ? undefined : state.first).some((f) => f.id === head);
    setState({ ...state, head, shown: festivals, all: state.all && wasShown, replaced: true });
  }
  const { all, first, replaced } = state;
  useEffect(() => {
    if (all) return;
    const rest = () => startTransition(() => setState((s) => (s.head === head ? { ...s, all: true } : s)));
    // A page out of sight paints no frame to wait for.
    if (document.hidden) return rest();
    // After the frame that shows the first row (a callback of the next frame, then a task after
    // its paint): begun at once, the browser would render the rest before painting anything.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(rest, replaced ? REPLACED_REST_MS : 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all, head, replaced]);
  const shown = all ? festivals : festivals.slice(0, first);
  return (
    <ul className={list ? 'festival-grid is-list' : 'festival-grid'}>
      {shown.map((f, i) => (
        <li key={f.id}>
          <FestivalCard festival={f} eager={i < 3} />
        </li>
      ))}
    </ul>
  );
});
