import type { FestivalCard as Card } from '#core/festival-page';
import { FestivalCard } from '../../../components/festival-card/festival-card';

export function FestivalGrid({ festivals, list = false }: { festivals: Card[]; list?: boolean }) {
  return (
    <ul className={list ? 'festival-grid is-list' : 'festival-grid'}>
      {festivals.map((f, i) => (
        <li key={f.id}>
          <FestivalCard festival={f} eager={i < 3} />
        </li>
      ))}
    </ul>
  );
}
