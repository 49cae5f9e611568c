-- The whole schema cache in one round trip: relations with their columns and
-- keys, foreign keys, and functions of the exposed schemas ($1), as JSON.
WITH rels AS (
  SELECT c.oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
         obj_description(c.oid, 'pg_class') AS comment,
         pg_relation_is_updatable(c.oid, false) AS updatable_mask
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = ANY($1)
    AND c.relkind IN ('r', 'v', 'm', 'f', 'p')
    AND NOT c.relispartition
    AND c.relname <> '_sqlx_migrations'
),
cols AS (
  SELECT a.attrelid AS oid,
         json_agg(json_build_object(
           'name', a.attname,
           'type', format_type(a.atttypid, a.atttypmod),
           'base_type', format_type(CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE a.atttypid END, NULL),
           'nullable', NOT a.attnotnull,
           'default', pg_get_expr(d.adbin, d.adrelid),
           'generated', a.attgenerated <> '' OR a.attidentity = 'a',
           'array', t.typcategory = 'A',
           'enum_values', (SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder)
                           FROM pg_enum e WHERE e.enumtypid = a.atttypid),
           'max_length', information_schema._pg_char_max_length(a.atttypid, a.atttypmod),
           'comment', col_description(a.attrelid, a.attnum)
         ) ORDER BY a.attnum) AS columns
  FROM pg_attribute a
  JOIN pg_type t ON t.oid = a.atttypid
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE a.attrelid IN (SELECT oid FROM rels) AND a.attnum > 0 AND NOT a.attisdropped
  GROUP BY a.attrelid
),
keys AS (
  SELECT con.conrelid AS oid,
         json_agg(json_build_object(
           'primary', con.contype = 'p',
           'columns', (SELECT json_agg(a.attname ORDER BY k.ord)
                       FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum)
         ) ORDER BY con.contype, con.conname) AS keys
  FROM pg_constraint con
  WHERE con.contype IN ('p', 'u') AND con.conrelid IN (SELECT oid FROM rels)
  GROUP BY con.conrelid
),
fks AS (
  SELECT json_agg(json_build_object(
           'name', con.conname,
           'schema', sn.nspname, 'table', sc.relname,
           'columns', (SELECT json_agg(a.attname ORDER BY k.ord)
                       FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum),
           'ref_schema', tn.nspname, 'ref_table', tc.relname,
           'ref_columns', (SELECT json_agg(a.attname ORDER BY k.ord)
                           FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                           JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum)
         ) ORDER BY con.conname) AS fks
  FROM pg_constraint con
  JOIN pg_class sc ON sc.oid = con.conrelid JOIN pg_namespace sn ON sn.oid = sc.relnamespace
  JOIN pg_class tc ON tc.oid = con.confrelid JOIN pg_namespace tn ON tn.oid = tc.relnamespace
  WHERE con.contype = 'f' AND sn.nspname = ANY($1) AND tn.nspname = ANY($1)
),
funcs AS (
  SELECT json_agg(json_build_object(
           'schema', n.nspname,
           'name', p.proname,
           'args', coalesce((
             SELECT json_agg(json_build_object(
                      'name', coalesce(p.proargnames[i], ''),
                      'type', format_type(coalesce(p.proallargtypes[i], p.proargtypes[i - 1]), NULL),
                      'mode', coalesce(p.proargmodes[i]::text, 'i')
                    ) ORDER BY i)
             FROM generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i
           ), '[]'::json),
           'defaults', p.pronargdefaults,
           'return_type', format_type(p.prorettype, NULL),
           'returns_set', p.proretset,
           'returns_composite', rt.typrelid <> 0 OR rt.oid = 'record'::regtype,
           'return_relation', CASE WHEN rt.typrelid <> 0
                                   THEN json_build_object('schema', rn.nspname, 'name', rc.relname) END,
           'volatility', p.provolatile::text,
           'variadic', p.provariadic <> 0,
           'comment', obj_description(p.oid, 'pg_proc')
         ) ORDER BY n.nspname, p.proname, p.oid) AS funcs  -- overloads in creation order, not heap order
  FROM pg_proc p
  JOIN pg_namespace n ON n.oid = p.pronamespace
  JOIN pg_type rt ON rt.oid = p.prorettype
  LEFT JOIN pg_class rc ON rc.oid = rt.typrelid
  LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
  WHERE n.nspname = ANY($1) AND p.prokind = 'f'
)
SELECT json_build_object(
  'relations', coalesce((
    SELECT json_agg(json_build_object(
             'schema', r.schema, 'name', r.name, 'kind', r.kind, 'comment', r.comment,
             'insertable', (r.updatable_mask & 8) = 8,
             'updatable', (r.updatable_mask & 4) = 4,
             'deletable', (r.updatable_mask & 16) = 16,
             'columns', coalesce(c.columns, '[]'::json),
             'keys', coalesce(k.keys, '[]'::json)
           ) ORDER BY r.schema, r.name)
    FROM rels r LEFT JOIN cols c ON c.oid = r.oid LEFT JOIN keys k ON k.oid = r.oid
  ), '[]'::json),
  'foreign_keys', coalesce((SELECT fks FROM fks), '[]'::json),
  'functions', coalesce((SELECT funcs FROM funcs), '[]'::json)
)::text
