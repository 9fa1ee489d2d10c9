import pg from 'pg';

/**
 * Every write a load sent, and what the server answered: an acknowledged write (2xx) must be in
 * the database afterwards; an unacknowledged one (503, a dropped connection) may or may not be,
 * but never half (a proposal without its genres). Each user is driven by one worker only, so the
 * writes of a user happen in order and their final state is known.
 */
export class WriteLedger {
  acknowledged = 0;
  unacknowledged = 0;
  /** Comment id -> whether its deletion was acknowledged ('deleted'), tried without an answer ('maybe') or never asked. */
  private comments = new Map<number, { content: string; deleted?: 'deleted' | 'maybe' }>();
  /** "user:festival" -> the favourite was acknowledged. */
  private favourites = new Set<string>();
  /** "user:media" -> the acknowledged rating, and ratings sent since without an answer. */
  private votes = new Map<string, { acked?: number; maybe: number[] }>();
  /** Proposal name -> its id when acknowledged, null when not. */
  private proposals = new Map<string, number | null>();

  private count(acked: boolean) {
    if (acked) this.acknowledged += 1;
    else this.unacknowledged += 1;
  }

  comment(acked: boolean, id: number | undefined, content: string) {
    this.count(acked);
    if (acked && id) this.comments.set(id, { content });
  }

  deleteComment(acked: boolean, id: number) {
    this.count(acked);
    const entry = this.comments.get(id);
    if (entry) entry.deleted = acked ? 'deleted' : (entry.deleted ?? 'maybe');
  }

  /** An acknowledged comment of this user still standing, to delete; undefined when none. */
  commentToDelete(ids: number[]): number | undefined {
    return ids.find((id) => this.comments.get(id)?.deleted === undefined);
  }

  favourite(acked: boolean, userId: number, festivalId: number) {
    this.count(acked);
    if (acked) this.favourites.add(`${userId}:${festivalId}`);
  }

  vote(acked: boolean, userId: number, mediaId: number, rating: number) {
    this.count(acked);
    const key = `${userId}:${mediaId}`;
    const entry = this.votes.get(key) ?? { maybe: [] };
    if (acked) this.votes.set(key, { acked: rating, maybe: [] });
    else this.votes.set(key, { ...entry, maybe: [...entry.maybe, rating] });
  }

  proposal(acked: boolean, name: string, id: number | undefined) {
    this.count(acked);
    this.proposals.set(name, acked && id ? id : null);
  }

  /**
   * Reads every write back. `lost`: acknowledged writes missing or different; `halfStored`:
   * proposals stored without all their genres (they are written in one transaction).
   */
  async verify(
    url: string,
    genresPerProposal: number,
  ): Promise<{ checked: number; lost: string[]; halfStored: string[] }> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const lost: string[] = [];
    const halfStored: string[] = [];
    try {
      const ids = [...this.comments.keys()];
      const { rows: comments } = await client.query<{ id: number; content: string }>(
        'select id, content from comments where id = any($1::int[])',
        [ids],
      );
      const stored = new Map(comments.map((r) => [r.id, r.content]));
      for (const [id, { content, deleted }] of this.comments) {
        if (deleted === 'deleted' && stored.has(id)) lost.push(`comment ${id}: deletion acknowledged, still there`);
        if (deleted === undefined && stored.get(id) !== content) lost.push(`comment ${id}: acknowledged, not stored`);
      }
      const { rows: favourites } = await client.query<{ key: string }>(
        "select user_id || ':' || festival_id as key from favorites where (user_id || ':' || festival_id) = any($1::text[])",
        [[...this.favourites]],
      );
      const favouriteKeys = new Set(favourites.map((r) => r.key));
      for (const key of this.favourites)
        if (!favouriteKeys.has(key)) lost.push(`favourite ${key}: acknowledged, not stored`);
      const { rows: votes } = await client.query<{ key: string; rating: number }>(
        "select user_id || ':' || media_id as key, rating from media_votes where (user_id || ':' || media_id) = any($1::text[])",
        [[...this.votes.keys()]],
      );
      const voteRatings = new Map(votes.map((r) => [r.key, Number(r.rating)]));
      for (const [key, { acked, maybe }] of this.votes) {
        if (acked === undefined) continue;
        const rating = voteRatings.get(key);
        if (rating !== acked && !maybe.includes(rating as number))
          lost.push(`vote ${key}: acknowledged ${acked}, stored ${rating}`);
      }
      const names = [...this.proposals.keys()];
      const { rows: proposals } = await client.query<{ id: number; name: string; genres: number }>(
        `select f.id, f.name, (select count(*)::int from festival_genres g where g.festival_id = f.id) as genres
         from festivals f where f.name = any($1::text[])`,
        [names],
      );
      const storedProposals = new Map(proposals.map((r) => [r.name, r]));
      for (const [name, id] of this.proposals) {
        const row = storedProposals.get(name);
        if (id !== null && row?.id !== id) lost.push(`proposal ${id}: acknowledged, not stored`);
        if (row && row.genres !== genresPerProposal)
          halfStored.push(`proposal ${row.id}: ${row.genres} of ${genresPerProposal} genres`);
      }
      const checked =
        this.comments.size +
        this.favourites.size +
        [...this.votes.values()].filter((v) => v.acked !== undefined).length +
        names.length;
      return { checked, lost, halfStored };
    } finally {
      await client.end();
    }
  }
}
