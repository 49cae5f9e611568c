-- Functions over the row type of a relation in the exposed schemas ($1), as
-- PostgREST uses them. A computed field is read as `fn(row)`: a function of
-- the exposed schemas whose first argument is the row and whose other
-- arguments have defaults (what PostgreSQL's `row.fn` notation accepts). A
-- computed relationship is a function of exactly that one row returning a row
-- (or SETOF rows) of a relation, from any schema as PostgREST's
-- allComputedRels reads it; it is to-one unless it returns a set estimated at
-- more than one row (`ROWS 1` makes a SETOF function to-one).
-- pg_proc is scanned once, into `procs`: joined directly to the relations, it
-- was scanned again for each of them (about 50 ms a load against 5).
WITH rels AS MATERIALIZED (
  SELECT c.reltype, n.nspname AS schema, c.relname AS name
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p')
),
procs AS MATERIALIZED (
  SELECT p.oid, p.proname, p.pronamespace, p.proargtypes[0] AS arg, p.prorettype,
         p.proretset, p.prorows, p.pronargs, p.pronargdefaults
  FROM pg_proc p
  WHERE p.prokind = 'f' AND p.pronargs >= 1 AND p.pronargs - p.pronargdefaults <= 1
    AND p.proargtypes[0] IN (SELECT reltype FROM rels WHERE schema = ANY($1))
)
SELECT json_build_object(
  'fields', coalesce((
    SELECT json_agg(json_build_object(
             'function', json_build_object('schema', pn.nspname, 'name', p.proname),
             'relation', json_build_object('schema', r.schema, 'name', r.name),
             'type', format_type(p.prorettype, NULL),
             'base_type', format_type(CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE p.prorettype END, NULL),
             'returns_set', p.proretset
           ) ORDER BY r.schema, r.name, p.proname, pn.nspname, p.oid)
    FROM procs p
    JOIN pg_namespace pn ON pn.oid = p.pronamespace
    JOIN rels r ON r.reltype = p.arg
    JOIN pg_type t ON t.oid = p.prorettype
    WHERE pn.nspname = ANY($1)
  ), '[]'::json),
  'relationships', coalesce((
    SELECT json_agg(json_build_object(
             'function', json_build_object('schema', pn.nspname, 'name', p.proname),
             'table', json_build_object('schema', a.schema, 'name', a.name),
             'foreign_table', json_build_object('schema', f.schema, 'name', f.name),
             'to_one', NOT p.proretset OR p.prorows = 1
           ) ORDER BY a.schema, a.name, p.proname, pn.nspname, p.oid)
    FROM procs p
    JOIN pg_namespace pn ON pn.oid = p.pronamespace
    JOIN rels a ON a.reltype = p.arg
    JOIN rels f ON f.reltype = p.prorettype
    WHERE p.pronargs = 1 AND f.schema = ANY($1)
  ), '[]'::json)
)::text
