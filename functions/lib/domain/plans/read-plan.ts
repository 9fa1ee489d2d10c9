import { and, asc, eq, sql } from 'drizzle-orm';
import { planClashes, type PlanSet } from '#core/plan-clashes';
import type { Plan } from '#core/responses/together';
import type { Executor } from '#db/client';
import { festivalsTable, planMembersTable, plansTable } from '#db/schema';
import { sqlRows } from '../sql-rows';
import { inviteUrl, planOfMember } from './plan-access';

/*
 * GET /api/plans/{id}: the plan as its members see it. Each member's picks are read from their own
 * 'Mi horario' of the plan's festival at read time, only for the sets of its current lineup (so a
 * member's picks in other festivals are never reached), and merged here. Four statements whatever
 * the number of members: the membership, the members with their picks, the picked sets, the
 * meeting points. Private to its members: nothing here is kept in memory or at the edge.
 */

interface MemberRow {
  user_id: number;
  name: string | null;
  avatar_url: string | null;
  picks: number[] | null;
}

interface SetRow {
  id: number;
  artist: string;
  stage: string | null;
  day: string | null;
  starts_at: string | Date;
  ends_at: string | Date | null;
  live_status: string;
}

interface PointRow {
  id: number;
  user_id: number;
  author: string | null;
  note: string;
  lat: number | null;
  lon: number | null;
  created_at: string | Date;
}

const HOUR = 3_600_000;

export async function readPlan(executor: Executor, planId: number, userId: number): Promise<Plan> {
  const plan = await planOfMember(executor, planId, userId);
  const members = await sqlRows<MemberRow>(
    executor,
    sql`select m.user_id, u.name, u.avatar_url,
          (select array_agg(p order by p) from unnest(t.picks) p
           where p in (select le.id from lineup_entries le where le.edition_id = f.current_edition_id)) as picks
        from plan_members m
        join users u on u.id = m.user_id
        join festivals f on f.id = ${plan.festivalId}
        left join timetables t on t.user_id = m.user_id and t.festival_id = f.id
        where m.plan_id = ${plan.id}
        order by m.created_at, m.user_id`,
  );
  const merged = members.map((m) => ({
    user_id: Number(m.user_id),
    name: m.name ?? 'Alguien',
    avatar_url: m.avatar_url,
    picks: (m.picks ?? []).map(Number),
  }));
  const picked = [...new Set(merged.flatMap((m) => m.picks))].filter(Number.isSafeInteger);
  const [sets, points, festival] = await Promise.all([
    picked.length
      ? sqlRows<SetRow>(
          executor,
          sql`select le.id, a.name as artist, le.stage, le.day::text as day, le.starts_at, le.ends_at, le.live_status
              from lineup_entries le join artists a on a.id = le.artist_id
              where le.id = any(${sql.raw(`'{${picked.join(',')}}'::int[]`)}) and le.starts_at is not null`,
        )
      : Promise.resolve([]),
    sqlRows<PointRow>(
      executor,
      sql`select p.id, p.user_id, u.name as author, p.note, p.latitude as lat, p.longitude as lon, p.created_at
          from plan_meeting_points p join users u on u.id = p.user_id
          where p.plan_id = ${plan.id} order by p.created_at, p.id`,
    ),
    executor
      .select({ name: festivalsTable.name, latitude: festivalsTable.latitude, longitude: festivalsTable.longitude })
      .from(festivalsTable)
      .where(eq(festivalsTable.id, plan.festivalId)),
  ]);
  const timed: PlanSet[] = sets.map((s) => {
    const start = new Date(s.starts_at).getTime();
    return {
      id: Number(s.id),
      artist: s.artist,
      stage: s.stage,
      start,
      end: s.ends_at ? new Date(s.ends_at).getTime() : start + HOUR,
      cancelled: s.live_status === 'cancelled',
    };
  });
  timed.sort((a, b) => a.start - b.start || a.id - b.id);
  const byId = new Map(sets.map((s) => [Number(s.id), s]));
  const { festivalTimeZone } = await import('#core/time-zone');
  const place = festival[0];
  return {
    id: plan.id,
    festival_id: plan.festivalId,
    festival_name: place?.name ?? '',
    name: plan.name,
    owner_id: plan.ownerId,
    invite_url: plan.ownerId === userId ? inviteUrl(plan.inviteToken) : null,
    notify: plan.notify,
    members: merged,
    clashes: planClashes(timed, merged),
    meeting_points: points.map((p) => ({
      id: Number(p.id),
      user_id: Number(p.user_id),
      author: p.author ?? 'Alguien',
      note: p.note,
      lat: p.lat === null ? null : Number(p.lat),
      lon: p.lon === null ? null : Number(p.lon),
      created_at: new Date(p.created_at).toISOString(),
    })),
    sets: timed.map((t) => ({
      id: t.id,
      artist: t.artist,
      stage: t.stage,
      day: byId.get(t.id)?.day ?? null,
      starts_at: new Date(t.start).toISOString(),
      ends_at: byId.get(t.id)?.ends_at ? new Date(t.end).toISOString() : null,
      cancelled: t.cancelled ?? false,
    })),
    time_zone: place ? festivalTimeZone({ latitude: place.latitude, longitude: place.longitude }) : null,
  };
}

/** GET /api/plans: the plans the caller is in, newest joined first. */
export async function listPlans(executor: Executor, userId: number) {
  const rows = await executor
    .select({
      id: plansTable.id,
      festival_id: plansTable.festivalId,
      festival_name: festivalsTable.name,
      name: plansTable.name,
      owner_id: plansTable.ownerId,
      members_count: sql<number>`(select count(*)::int from plan_members c where c.plan_id = ${plansTable.id})`,
    })
    .from(planMembersTable)
    .innerJoin(plansTable, eq(plansTable.id, planMembersTable.planId))
    .innerJoin(festivalsTable, eq(festivalsTable.id, plansTable.festivalId))
    .where(and(eq(planMembersTable.userId, userId)))
    .orderBy(sql`${planMembersTable.joinedAt} desc`, asc(plansTable.id));
  return rows.map((r) => ({ ...r, members_count: Number(r.members_count) }));
}
