import { startTransition, useEffect, useState } from 'react';
import type { FestivalCard as Card } from '#core/festival-page';
import { FestivalCard } from '../../../components/festival-card/festival-card';

/**
 * Cards drawn with the list itself: the first screenful on any width (and the cards the grid lays
 * out at once, festival-card.css). The rest follow in a transition of their own, so the first cards,
 * with the page's largest paint, are committed sooner and by a shorter task on a slow phone.
 */
const FIRST_CARDS = 6;

export function FestivalGrid({ festivals, list = false }: { festivals: Card[]; list?: boolean }) {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const shown = all ? festivals : festivals.slice(0, FIRST_CARDS);
  return (
    <ul className={list ? 'festival-grid is-list' : 'festival-grid'}>
      {shown.map((f, i) => (
        <li key={f.id}>
          <FestivalCard festival={f} eager={i < 3} />
        </li>
      ))}
    </ul>
  );
}
