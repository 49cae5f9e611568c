-- What `pleat gen types typescript` renders, read from the catalog in one
-- statement: the relations, columns, foreign keys and functions of the
-- schemas in $1, and every type (the generator resolves type oids itself, so
-- arrays, domains, enums and row types of other schemas resolve too).
SELECT json_build_object(
  'relations', coalesce((
    SELECT json_agg(json_build_object(
      'id', c.oid::int8, 'schema', n.nspname, 'name', c.relname, 'kind', c.relkind::text,
      -- a view takes inserts and updates (information_schema.views' test)
      'updatable', (pg_relation_is_updatable(c.oid, false) & 20) = 20,
      'row_type', c.reltype::int8))
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ANY ($1) AND c.relkind IN ('r', 'p', 'f', 'v', 'm')
      AND NOT c.relispartition), '[]'),
  'columns', coalesce((
    SELECT json_agg(json_build_object(
      'table_id', c.oid::int8, 'name', a.attname, 'type', a.atttypid::int8,
      'nullable', NOT (a.attnotnull OR (t.typtype = 'd' AND t.typnotnull)),
      'has_default', a.atthasdef, 'identity', nullif(a.attidentity::text, ''),
      'updatable', c.relkind IN ('r', 'p')
        OR (c.relkind IN ('v', 'f') AND pg_column_is_updatable(c.oid, a.attnum, false)))
      ORDER BY c.oid, a.attnum)
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_type t ON t.oid = a.atttypid
    WHERE n.nspname = ANY ($1) AND c.relkind IN ('r', 'p', 'f', 'v', 'm')
      AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped), '[]'),
  'relationships', coalesce((
    SELECT json_agg(json_build_object(
      'name', k.conname, 'schema', n.nspname, 'relation', c.relname,
      'columns', cols.names, 'referenced_schema', rn.nspname, 'referenced_relation', r.relname,
      'referenced_columns', cols.refs,
      -- one-to-one when the referencing columns are also the table's primary key or a unique key
      'one_to_one', EXISTS (
        SELECT FROM pg_constraint u
        WHERE u.conrelid = k.conrelid AND u.contype IN ('p', 'u')
          AND u.conkey @> k.conkey AND u.conkey <@ k.conkey)))
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_class r ON r.oid = k.confrelid
    JOIN pg_namespace rn ON rn.oid = r.relnamespace
    CROSS JOIN LATERAL (
      SELECT json_agg(ca.attname ORDER BY o) AS names, json_agg(ra.attname ORDER BY o) AS refs
      FROM unnest(k.conkey, k.confkey) WITH ORDINALITY AS u(col, ref, o)
      JOIN pg_attribute ca ON ca.attrelid = k.conrelid AND ca.attnum = u.col
      JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = u.ref) cols
    WHERE k.contype = 'f' AND k.conparentid = 0 AND n.nspname = ANY ($1)), '[]'),
  'functions', coalesce((
    SELECT json_agg(json_build_object(
      'schema', n.nspname, 'name', p.proname, 'returns', p.prorettype::int8,
      'returns_set', p.proretset,
      'rows', CASE WHEN p.proretset THEN nullif(p.prorows, 0) END,
      'signature', pg_get_function_identity_arguments(p.oid),
      'args', coalesce((
        SELECT json_agg(json_build_object(
          'name', coalesce(p.proargnames[a.o], ''), 'mode', a.mode, 'type', a.type::int8,
          'has_default', a.input_no > p.pronargs - p.pronargdefaults) ORDER BY a.o)
        FROM (
          SELECT x.o, x.type, coalesce(p.proargmodes[x.o]::text, 'i') AS mode,
                 count(*) FILTER (WHERE coalesce(p.proargmodes[x.o]::text, 'i') IN ('i', 'b', 'v'))
                   OVER (ORDER BY x.o) AS input_no
          FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY AS x(type, o)
        ) a), '[]')))
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ANY ($1) AND p.prokind = 'f'
      AND p.prorettype NOT IN ('trigger'::regtype, 'event_trigger'::regtype)), '[]'),
  'types', (
    SELECT json_agg(json_build_object(
      'id', t.oid::int8, 'schema', n.nspname, 'name', t.typname, 'kind', t.typtype::text,
      'element', CASE WHEN t.typcategory = 'A' THEN t.typelem::int8 END,
      'base', nullif(t.typbasetype, 0)::int8,
      'relation', nullif(t.typrelid, 0)::int8,
      'composite', t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c',
      'labels', (SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid),
      'attributes', CASE WHEN t.typtype = 'c' THEN (
        SELECT json_agg(json_build_object('name', a.attname, 'type', a.atttypid::int8) ORDER BY a.attnum)
        FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped) END))
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace)
) AS catalog
