import { describe, expect, it } from 'vitest';
import { namesText, planClashes, whereWeWillBe, type PlanSet } from './plan-clashes';

const at = (h: number, m = 0) => Date.UTC(2030, 6, 10, h, m);
const set = (id: number, artist: string, from: number, to: number, extra: Partial<PlanSet> = {}): PlanSet => ({
  id,
  artist,
  stage: 'Principal',
  start: from,
  end: to,
  ...extra,
});

const amelie = set(1, 'Amelie Lens', at(22), at(23, 30));
const bicep = set(2, 'Bicep', at(23), at(24));
const after = set(3, 'Kölsch', at(24), at(25));
const cancelled = set(4, 'Cancelado', at(22), at(23), { cancelled: true });

describe('planClashes', () => {
  it('says which members picked two overlapping sets, in plain words', () => {
    const members = [
      { user_id: 1, name: 'Ana García', picks: [1, 2, 3] },
      { user_id: 2, name: 'Luis', picks: [1, 2] },
      { user_id: 3, name: 'Eva', picks: [2] },
    ];
    expect(planClashes([bicep, amelie, after], members)).toEqual([
      { members: [1, 2], sets: [1, 2], text: 'Ana y Luis: Amelie Lens coincide con Bicep' },
    ]);
  });

  it('finds nothing back to back, nothing for a cancelled set, nothing when nobody picked both', () => {
    expect(planClashes([bicep, after], [{ user_id: 1, name: 'Ana', picks: [2, 3] }])).toEqual([]);
    expect(planClashes([amelie, cancelled], [{ user_id: 1, name: 'Ana', picks: [1, 4] }])).toEqual([]);
    const split = [
      { user_id: 1, name: 'Ana', picks: [1] },
      { user_id: 2, name: 'Luis', picks: [2] },
    ];
    expect(planClashes([amelie, bicep], split)).toEqual([]);
  });

  it('names three people with commas and y', () => {
    expect(namesText(['Ana', 'Luis', 'Eva'])).toBe('Ana, Luis y Eva');
    expect(namesText(['Ana'])).toBe('Ana');
  });
});

describe('whereWeWillBe', () => {
  it('lists every hour from the first picked set to the last, with what each member picked then', () => {
    const hours = whereWeWillBe(
      [amelie, bicep, after],
      [
        { user_id: 1, name: 'Ana', picks: [1] },
        { user_id: 2, name: 'Luis', picks: [3] },
      ],
    );
    expect(hours.map((h) => new Date(h.hour).getUTCHours())).toEqual([22, 23, 0]);
    expect(hours[0].members).toEqual([
      { user_id: 1, sets: [amelie] },
      { user_id: 2, sets: [] },
    ]);
    expect(hours[2].members[1].sets).toEqual([after]);
  });
});
