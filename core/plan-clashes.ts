/**
 * What a plan's members picked, merged: the clashes that matter to the group, said in plain words
 * ('Ana y Luis: Amelie Lens coincide con Bicep'), and where each member will be hour by hour
 * ('Dónde estaremos'). Pure: the server answers the clashes with the plan, the plan's screen draws
 * the hours from the same sets.
 */

export interface PlanSet {
  id: number;
  artist: string;
  stage: string | null;
  /** Milliseconds since the epoch; a set without an end lasts an hour (as in 'Mi horario'). */
  start: number;
  end: number;
  cancelled?: boolean;
}

export interface PlanPicker {
  user_id: number;
  name: string;
  picks: readonly number[];
}

export interface PlanClashItem {
  members: number[];
  sets: [number, number];
  text: string;
}

/** The name a group uses: the first word of the person's name. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'Alguien';

/** 'Ana', 'Ana y Luis', 'Ana, Luis y Eva'. */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;
}

const overlaps = (a: PlanSet, b: PlanSet) => a.start < b.end && b.start < a.end;

/**
 * Two picked sets that overlap in time (back to back is not a clash, a cancelled set clashes with
 * nothing), for the members who picked both: those are the choices the group has to talk about.
 * One item per pair of sets, the earliest first.
 */
export function planClashes(sets: readonly PlanSet[], members: readonly PlanPicker[]): PlanClashItem[] {
  const on = sets.filter((s) => !s.cancelled).sort((a, b) => a.start - b.start || a.id - b.id);
  // Who picked each set, as bits (a plan holds at most 20 people, within one 32-bit word): the
  // members who picked both sets of a pair are one AND, whatever the number of pairs.
  const pickedBy = new Map<number, number>();
  members.forEach((member, bit) => {
    for (const id of member.picks) pickedBy.set(id, (pickedBy.get(id) ?? 0) | (1 << bit));
  });
  const picked = on.filter((s) => pickedBy.has(s.id));
  const found: PlanClashItem[] = [];
  for (let i = 0; i < picked.length; i++) {
    const a = picked[i];
    for (let j = i + 1; j < picked.length && picked[j].start < a.end; j++) {
      const b = picked[j];
      const mask = pickedBy.get(a.id)! & pickedBy.get(b.id)!;
      if (!mask || !overlaps(a, b)) continue;
      const both = members.filter((_, bit) => mask & (1 << bit));
      found.push({
        members: both.map((m) => m.user_id),
        sets: [a.id, b.id],
        text: `${namesText(both.map((m) => firstName(m.name)))}: ${a.artist} coincide con ${b.artist}`,
      });
    }
  }
  return found;
}

export interface WhereAtHour {
  /** The hour's start (ms). */
  hour: number;
  /** Per member, the sets they picked that are on during that hour (none: free). */
  members: { user_id: number; sets: PlanSet[] }[];
}

/** 'Dónde estaremos': every hour from the first picked set to the last, with what each member picked then. */
export function whereWeWillBe(sets: readonly PlanSet[], members: readonly PlanPicker[]): WhereAtHour[] {
  const byId = new Map(sets.filter((s) => !s.cancelled).map((s) => [s.id, s]));
  const picked = members.map((m) => ({
    user_id: m.user_id,
    sets: [...new Set(m.picks)].map((id) => byId.get(id)).filter((s): s is PlanSet => s !== undefined),
  }));
  const all = picked.flatMap((m) => m.sets);
  if (all.length === 0) return [];
  const HOUR = 3_600_000;
  const hours = new Set<number>();
  for (const s of all) for (let h = Math.floor(s.start / HOUR) * HOUR; h < s.end; h += HOUR) hours.add(h);
  return [...hours]
    .sort((a, b) => a - b)
    .map((hour) => ({
      hour,
      members: picked.map((m) => ({
        user_id: m.user_id,
        sets: m.sets.filter((s) => s.start < hour + HOUR && hour < s.end).sort((a, b) => a.start - b.start),
      })),
    }));
}
