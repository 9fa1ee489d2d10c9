-- The key that makes an artist unique (core/artist-key.ts computes the same in TypeScript):
-- accents removed, lowercase, a leading "DJ" dropped, spaces and punctuation gone. Only immutable
-- built-ins (normalize, lower, translate, regexp_replace), so it serves a generated column and a
-- unique index on PGlite and PostgreSQL alike, with no extension.
CREATE FUNCTION "artist_name_key"(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(
      replace(replace(replace(replace(translate(
        lower(regexp_replace(normalize(name, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g')),
        'øłđðı', 'olddi'), 'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'), 'þ', 'th'),
      '^\s*d\.?j\.?[^a-z0-9\u00c0-\uffff]+', ''),
    '[^a-z0-9\u00c0-\uffff]|[\u2000-\u206f\u3000-\u303f\uff00-\uff0f]', '', 'g')
$$;
