-- What the schema cache needs to give views the keys of their base tables, as
-- PostgREST infers them: each view's stored query (read in Rust, which follows
-- every view column to the column it reads) and the primary and foreign keys
-- of the relations those queries read (pg_depend lists them), wherever those
-- relations live. $1: the schemas whose views get keys (the exposed ones);
-- $2: the schemas whose views may be looked through by a view of a view.
WITH views AS (
  SELECT c.oid, n.nspname AS schema, c.relname AS name, r.oid AS rule, r.ev_action
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_rewrite r ON r.ev_class = c.oid AND r.rulename = '_RETURN'
  WHERE c.relkind IN ('v', 'm') AND (n.nspname = ANY($1) OR n.nspname = ANY($2))
),
read AS (
  SELECT DISTINCT d.refobjid AS oid
  FROM pg_depend d
  JOIN views v ON v.rule = d.objid
  WHERE d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass
    AND d.refobjsubid > 0
),
keys AS (
  SELECT con.conname, con.contype, con.conrelid, con.conkey, con.confrelid, con.confkey
  FROM pg_constraint con
  WHERE (con.contype = 'p' AND con.conrelid IN (SELECT oid FROM read))
     OR (con.contype = 'f' AND con.conparentid = 0
         AND (con.conrelid IN (SELECT oid FROM read) OR con.confrelid IN (SELECT oid FROM read)))
)
SELECT json_build_object(
  'views', coalesce((
    SELECT json_agg(json_build_object(
             'oid', v.oid::int8, 'schema', v.schema, 'name', v.name,
             'exposed', v.schema = ANY($1),
             'columns', (SELECT json_agg(json_build_object('num', a.attnum, 'name', a.attname) ORDER BY a.attnum)
                         FROM pg_attribute a
                         WHERE a.attrelid = v.oid AND a.attnum > 0 AND NOT a.attisdropped),
             'definition', v.ev_action::text
           ) ORDER BY v.schema, v.name)
    FROM views v
  ), '[]'::json),
  'constraints', coalesce((
    SELECT json_agg(json_build_object(
             'name', k.conname,
             'kind', k.contype::text,
             'table', json_build_object('oid', k.conrelid::int8, 'schema', tn.nspname, 'name', tc.relname),
             'columns', (SELECT json_agg(json_build_object('num', a.attnum, 'name', a.attname) ORDER BY u.o)
                         FROM unnest(k.conkey) WITH ORDINALITY u(n, o)
                         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n),
             'referenced', CASE WHEN k.contype = 'f' THEN
               json_build_object('oid', k.confrelid::int8, 'schema', rn.nspname, 'name', rc.relname) END,
             'referenced_columns', coalesce((
               SELECT json_agg(json_build_object('num', a.attnum, 'name', a.attname) ORDER BY u.o)
               FROM unnest(k.confkey) WITH ORDINALITY u(n, o)
               JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n), '[]'::json),
             -- one-to-one when the referencing columns are also a primary or unique key
             'one_to_one', k.contype = 'f' AND EXISTS (
               SELECT FROM pg_constraint u
               WHERE u.conrelid = k.conrelid AND u.contype IN ('p', 'u')
                 AND u.conkey @> k.conkey AND u.conkey <@ k.conkey)
           ) ORDER BY tn.nspname, tc.relname, k.contype DESC, k.conname)
    FROM keys k
    JOIN pg_class tc ON tc.oid = k.conrelid
    JOIN pg_namespace tn ON tn.oid = tc.relnamespace
    LEFT JOIN pg_class rc ON rc.oid = k.confrelid
    LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
  ), '[]'::json)
)::text
