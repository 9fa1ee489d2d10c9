/**
 * Pieces of SQL text for the catalogue generator. Its statements are built as text because every
 * value in them is either a number we computed or a constant word from texts.ts: nothing typed by
 * a person reaches them. Quoting is still done properly (`literal`), so a word with an apostrophe
 * (L'Hospitalet) stays data.
 */

export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export function textArray(values: readonly string[]): string {
  return `array[${values.map(literal).join(', ')}]::text[]`;
}

/** An integer for SQL text, refusing anything else (NaN, fractions, huge values). */
export function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`No es un entero: ${value}`);
  return String(value);
}

/**
 * Deterministic uniform numbers in [0, 1) computed inside the database: a hash of the row's key,
 * a salt (one per use, so two uses on one row are independent) and the run's seed. The same seed
 * gives the same rows whatever the plan, parallelism or driver, unlike random() after setseed().
 * hashint8extended is the hash behind hash partitioning, identical on every platform and in PGlite.
 */
export function uniform(seed: number) {
  return (salt: number, key: string) =>
    `((hashint8extended((${key})::int8 * 1024 + ${int(salt)}, ${int(seed)}::int8) & 2147483647)::float8 / 2147483648.0)`;
}
export type Uniform = ReturnType<typeof uniform>;

/** One element of a SQL text array of `length` elements, chosen by a uniform number `u`. */
export function pick(array: string, length: number, u: string): string {
  return `(${array})[1 + floor(${u} * ${int(length)})::int]`;
}

/** Replaces {ciudad}, {pais}, ... in a SQL text expression. */
export function fill(template: string, values: Record<string, string>): string {
  return Object.entries(values).reduce(
    (text, [key, value]) => `replace(${text}, ${literal(`{${key}}`)}, ${value})`,
    template,
  );
}
