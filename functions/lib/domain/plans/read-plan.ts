import { and, asc, eq, sql } from 'drizzle-orm';
import { planClashes, type PlanSet } from '#core/plan-clashes';
import type { Plan } from '#core/responses/together';
import type { Database, Executor } from '#db/client';
import { kept } from '../../cache/kept';
import { festivalsTable, planMembersTable, plansTable } from '#db/schema';
import { sqlRows } from '../sql-rows';
import { inviteUrl, planNotFound } from './plan-access';

/*
 * GET /api/plans/{id}: the plan as its members see it. Each member's picks are read from their own
 * 'Mi horario' of the plan's festival at read time, only for the sets of its current lineup (so a
 * member's picks in other festivals are never reached), and merged here. Private to its members:
 * nothing here is kept in memory or at the edge.
 */

interface MemberRow {
  user_id: number;
  name: string | null;
  avatar_url: string | null;
  picks: number[] | null;
  notify: boolean;
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

interface PlanHead {
  id: number;
  festival_id: number;
  owner_id: number;
  name: string;
  invite_token: string;
}

interface PlanRow {
  plan: PlanHead;
  festival: { name: string; latitude: number | null; longitude: number | null } | null;
  members: MemberRow[];
  sets: SetRow[];
  points: PointRow[];
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The whole plan in one statement (one round trip and one connection, whatever the number of members). */
async function planRow(executor: Executor, planId: number): Promise<PlanRow | null> {
  const [row] = await sqlRows<Record<keyof PlanRow, unknown>>(
    executor,
    sql`with p as (
          select p.id, p.festival_id, p.owner_id, p.name, p.invite_token from plans p where p.id = ${planId}),
        f as (select f.id, f.name, f.latitude, f.longitude, f.current_edition_id from festivals f join p on f.id = p.festival_id),
        mem as (
          select m.user_id, u.name, u.avatar_url, m.created_at, m.notify,
            coalesce((select array_agg(x order by x) from unnest(t.picks) x
              where x in (select le.id from lineup_entries le where le.edition_id = f.current_edition_id)), '{}') as picks
          from p join plan_members m on m.plan_id = p.id join users u on u.id = m.user_id cross join f
          left join timetables t on t.user_id = m.user_id and t.festival_id = f.id),
        sets as (
          select le.id, a.name as artist, le.stage, le.day::text as day, le.starts_at, le.ends_at, le.live_status
          from lineup_entries le join artists a on a.id = le.artist_id
          where le.id in (select unnest(picks) from mem) and le.starts_at is not null),
        pts as (
          select pt.id, pt.user_id, u.name as author, pt.note, pt.latitude as lat, pt.longitude as lon, pt.created_at
          from p join plan_meeting_points pt on pt.plan_id = p.id join users u on u.id = pt.user_id)
        select (select row_to_json(p) from p) as plan,
          (select json_build_object('name', f.name, 'latitude', f.latitude, 'longitude', f.longitude) from f) as festival,
          (select coalesce(json_agg(json_build_object('user_id', user_id, 'name', name, 'avatar_url', avatar_url, 'picks', picks, 'notify', notify)
            order by created_at, user_id), '[]') from mem) as members,
          (select coalesce(json_agg(sets), '[]') from sets) as sets,
          (select coalesce(json_agg(pts order by created_at, id), '[]') from pts) as points`,
  );
  const plan = row && parsed(row.plan as PlanHead | string | null);
  if (!plan) return null;
  return {
    plan,
    festival: parsed(row.festival as PlanRow['festival'] | string),
    members: parsed(row.members as MemberRow[] | string),
    sets: parsed(row.sets as SetRow[] | string),
    points: parsed(row.points as PointRow[] | string),
  };
}

/** What every member sees alike, with who may see it and the per-member parts kept aside. */
interface SharedPlan {
  shared: Omit<Plan, 'invite_url' | 'notify'>;
  /** The shared part serialised once: a member's answer adds their own two fields in front. */
  json: string;
  inviteToken: string;
  notify: Map<number, boolean>;
}

async function buildPlan(executor: Executor, planId: number): Promise<SharedPlan | null> {
  const row = await planRow(executor, planId);
  if (!row) return null;
  const { plan, festival: place, sets, points } = row;
  const merged = row.members.map((m) => ({
    user_id: Number(m.user_id),
    name: m.name ?? 'Alguien',
    avatar_url: m.avatar_url,
    picks: (m.picks ?? []).map(Number),
  }));
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
  const shared: SharedPlan['shared'] = {
    id: plan.id,
    festival_id: plan.festival_id,
    festival_name: place?.name ?? '',
    name: plan.name,
    owner_id: plan.owner_id,
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
    time_zone: place ? festivalTimeZone(place) : null,
  };
  return {
    shared,
    json: JSON.stringify(shared),
    inviteToken: plan.invite_token,
    notify: new Map(row.members.map((m) => [Number(m.user_id), Boolean(m.notify)])),
  };
}

/**
 * The version of everything a plan's answer is made of, in one statement of indexed reads: the
 * plan's own (its row, members and meeting points: triggers), its festival's edition fields (sets,
 * times, artists' names: decision 086) and row, and the newest of its members' timetables and
 * profiles. Null for a plan that does not exist.
 */
async function planStamp(planId: number, database: Database): Promise<string | null> {
  const [row] = await sqlRows<{ stamp: string | null }>(
    database,
    sql`select concat_ws(':', p.version, v.version, f.updated_at,
          (select max(t.updated_at) from plan_members m join timetables t on t.user_id = m.user_id and t.festival_id = p.festival_id
           where m.plan_id = p.id),
          (select max(u.updated_at) from plan_members m join users u on u.id = m.user_id where m.plan_id = p.id)) as stamp
        from plans p join festivals f on f.id = p.festival_id
        left join festival_edition_versions v on v.festival_id = p.festival_id
        where p.id = ${planId}`,
  );
  return row?.stamp ?? null;
}

/**
 * Plans' shared answers, kept per plan under the cache's one rule (decision 085): built again only
 * when the stamp moved, and at once after a write through this process (`written('plan', id)`).
 */
const plans = kept<number, SharedPlan | null>({
  madeOf: ['plan', 'edition', 'artist'],
  keyedBy: 'plan',
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (plan) => (plan ? plan.json.length * 2 : 64),
  stamp: (planId, database) => planStamp(planId, database),
  load: (planId, database, stamp) => (stamp === null ? Promise.resolve(null) : buildPlan(database, planId)),
});

const mine = (plan: SharedPlan, userId: number) => ({
  invite_url: plan.shared.owner_id === userId ? inviteUrl(plan.inviteToken) : null,
  notify: plan.notify.get(userId) ?? false,
});

/** GET /api/plans/{id}: the caller's answer as JSON, for members only (the 404 of a missing plan otherwise). */
export async function planAnswer(database: Database, planId: number, userId: number): Promise<string> {
  const plan = await plans.get(planId, database);
  if (!plan?.notify.has(userId)) throw planNotFound();
  return `${JSON.stringify(mine(plan, userId)).slice(0, -1)},${plan.json.slice(1)}`;
}

/** The plan as the caller sees it, read now (the answer to its creation). */
export async function readPlan(executor: Executor, planId: number, userId: number): Promise<Plan> {
  const plan = await buildPlan(executor, planId);
  if (!plan?.notify.has(userId)) throw planNotFound();
  return { ...plan.shared, ...mine(plan, userId) };
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
