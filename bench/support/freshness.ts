import pg from 'pg';

/**
 * How long a catalogue change written by another process (an admin's Lambda, another instance)
 * takes to show on the lists this server answers: a festival approved, renamed and deleted straight
 * in the database, each followed by reads of a list searching for it until the answer shows the
 * change. Milliseconds from the write's commit to the first answer that shows it.
 */
export async function catalogueFreshness(
  databaseUrl: string,
  base: string,
): Promise<{ approve: number; edit: number; delete: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tag = `Frescura ${Date.now().toString(36)}`;
  const total = async (name: string) => {
    const res = await fetch(`${base}/api/festivals/page?search=${encodeURIComponent(name)}&upcoming=false&limit=24`);
    return ((await res.json()) as { total: number }).total;
  };
  const until = async (name: string, expected: number) => {
    const started = performance.now();
    while ((await total(name)) !== expected) {
      if (performance.now() - started > 30_000) throw new Error(`'${name}' never showed ${expected} on the list`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Math.round(performance.now() - started);
  };
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into festivals (name, dedupe_key, description, location, start_date, end_date, status)
       values ($1, lower($1) || '|valencia', 'Festival de la prueba de frescura.', 'Valencia, España',
         current_date + 30, current_date + 32, 'pending')
       returning id`,
      [`${tag} A`],
    );
    const id = rows[0].id;
    if ((await total(`${tag} A`)) !== 0) throw new Error('a pending festival is on the list');
    await client.query("update festivals set status = 'approved' where id = $1", [id]);
    const approve = await until(`${tag} A`, 1);
    await client.query('update festivals set name = $2 where id = $1', [id, `${tag} B`]);
    const edit = await until(`${tag} B`, 1);
    await client.query('delete from festivals where id = $1', [id]);
    const deleted = await until(`${tag} B`, 0);
    return { approve, edit, delete: deleted };
  } finally {
    await client.end();
  }
}
