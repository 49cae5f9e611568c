-- The Terms of Service and Privacy Policy as content the owner edits, with the
-- spec's wording as the starting version.
--
-- * `legal_pages` has one row per page. `body_html` NULL means "the spec's text"
--   (the site renders it from its own copy, with the spec's date); once the owner
--   saves a text of their own it is rich-text HTML, and `updated_at` (stamped by
--   the database on every change) is the page's "Last updated" date.
-- * Everyone reads, editors write, viewers read (as the other content tables).
--   The rows are versioned and recorded like the others, so the editor gets
--   history, drafts and restore: those key rows by a uuid `id`, which the table
--   carries beside its slug.
-- * The body is limited in length, and markup that could run script is refused
--   outright: the page renders it through the site's sanitiser as well, but a row
--   read by another client (an export, a script, an app) must not carry it either.
--
-- Which tables are content (drafts, publish, restore, recently deleted) was a list
-- repeated in several functions and a check constraint; adding a table meant
-- editing each, and two migrations adding tables would each overwrite the other's
-- list. It is now one fact, read from the catalogue: a content table is a public
-- table whose changes are recorded by `record_content_revision`.

create function public.is_content_table(target text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
    select 1
      from pg_catalog.pg_trigger tg
      join pg_catalog.pg_class c on c.oid = tg.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public'
       and c.relname = target
       and tg.tgfoid = 'public.record_content_revision()'::pg_catalog.regprocedure
  )
$$;
comment on function public.is_content_table(text) is
  'True for a public table whose changes are recorded as content revisions (drafts, publish and restore apply to it).';
grant execute on function public.is_content_table(text) to anon, authenticated, service_role;

create function public.content_table_names() returns text
language sql stable
set search_path = ''
as $$
  select string_agg(c.relname::text, ', ' order by c.relname)
    from pg_catalog.pg_trigger tg
    join pg_catalog.pg_class c on c.oid = tg.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public'
     and tg.tgfoid = 'public.record_content_revision()'::pg_catalog.regprocedure
$$;
grant execute on function public.content_table_names() to anon, authenticated, service_role;

create table public.legal_pages (
  slug       text primary key,
  id         uuid not null unique default gen_random_uuid(),
  body_html  text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint legal_pages_slug_known check (slug in ('terms', 'privacy')),
  constraint legal_pages_body_html_length check (char_length(body_html) <= 100000),
  constraint legal_pages_body_html_not_blank check (body_html ~ '[^[:space:]]'),
  -- Script elements, frames, embedded objects, styles, inline event handlers and
  -- script URLs; Quill escapes a typed '<', so every '<' stored is markup.
  constraint legal_pages_body_html_inert check (
    body_html !~* '<\s*/?\s*(script|iframe|frame|object|embed|style|link|meta|base|form|svg|math)\y'
    and body_html !~* '<[^>]*[\s/"''](on[a-z]+|formaction|srcdoc)\s*='
    and body_html !~* '<[^>]*=\s*["'']?\s*(java|vb)script\s*:'
  )
);
comment on table public.legal_pages is
  'Terms of Service and Privacy Policy; body_html NULL = the site''s original text (and date), else rich-text HTML last updated at updated_at.';
comment on column public.legal_pages.body_html is
  'The page''s text as rich-text HTML; NULL shows the original text the site ships with.';

alter table public.legal_pages enable row level security;

grant select on public.legal_pages to anon;
-- No delete: a page is put back to the original text by saving NULL, not by removing it.
grant select, insert, update on public.legal_pages to authenticated;
grant all on public.legal_pages to service_role;

create policy "Anyone can read" on public.legal_pages
  for select to anon, authenticated using (true);
create policy "Editors can insert" on public.legal_pages
  for insert to authenticated with check ((select public.is_editor()));
create policy "Editors can update" on public.legal_pages
  for update to authenticated using ((select public.is_editor())) with check ((select public.is_editor()));
create policy "Service role has full access" on public.legal_pages
  for all to service_role using (true) with check (true);

create trigger stamp_version before update on public.legal_pages
  for each row execute function public.stamp_content_version();
create trigger record_revision after insert or update or delete on public.legal_pages
  for each row execute function public.record_content_revision();
create trigger purge_deleted_revisions after delete on public.legal_pages
  for each statement execute function public.purge_deleted_content_after_delete();

-- Both pages exist from the start, showing the original text; inserted after the
-- triggers, so this is each row's first revision.
insert into public.legal_pages (slug) values ('terms'), ('privacy');

-- The drafts' table names: any content table (a trigger, not a check constraint,
-- so a restored dump loads its drafts before the tables' triggers exist).
do $$
declare
  c text;
begin
  for c in
    select con.conname from pg_catalog.pg_constraint con
     where con.conrelid = 'public.content_drafts'::regclass and con.contype = 'c'
       and pg_catalog.pg_get_constraintdef(con.oid) like '%table_name%'
  loop
    execute format('alter table public.content_drafts drop constraint %I', c);
  end loop;
end
$$;

create function public.check_content_draft_table() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_content_table(new.table_name) then
    raise exception 'unknown content table %', new.table_name
      using errcode = '23514', hint = 'One of ' || coalesce(public.content_table_names(), '') || '.';
  end if;
  return new;
end
$$;
revoke all on function public.check_content_draft_table() from public;

create trigger check_table before insert or update of table_name on public.content_drafts
  for each row execute function public.check_content_draft_table();

-- As in 20261126001201_content_drafts.sql, with the content tables read from the catalogue.
create or replace function public.put_content_row(target text, target_id uuid, data jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  cols text[];
  sets text;
  names text;
  found_row boolean;
  result jsonb;
begin
  if target is null or not public.is_content_table(target) then
    raise exception 'unknown content table %', target
      using errcode = '22023', hint = 'One of ' || coalesce(public.content_table_names(), '') || '.';
  end if;
  if target_id is null or data is null or jsonb_typeof(data) <> 'object' then
    raise exception 'a row id and an object of values are required' using errcode = '22023';
  end if;

  select array_agg(a.attname::text order by a.attnum) into cols
    from pg_catalog.pg_attribute a
   where a.attrelid = format('public.%I', target)::regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and data ? a.attname::text;

  execute format('select exists (select 1 from public.%I where id = $1)', target) using target_id into found_row;
  if found_row then
    -- The slug of a keyed row (legal_pages) is its identity, like its id.
    select string_agg(format('%I = v.%I', c, c), ', ') into sets
      from unnest(cols) as c
     where c not in ('id', 'slug', 'created_at', 'updated_at', 'sort_order');
    if sets is null then
      execute format('select to_jsonb(t) from public.%I t where id = $1', target) using target_id into result;
      return result;
    end if;
    execute format(
      'update public.%I as t set %s from jsonb_populate_record(null::public.%I, $2) as v where t.id = $1 returning to_jsonb(t)',
      target, sets, target)
      using target_id, data into result;
  else
    select string_agg(format('%I', c), ', ') into names
      from unnest(cols) as c
     where c not in ('id', 'updated_at');
    execute format(
      'insert into public.%I as t (id%s) select $1%s from jsonb_populate_record(null::public.%I, $2) as v returning to_jsonb(t)',
      target,
      coalesce(', ' || names, ''),
      coalesce(', ' || (select string_agg(format('v.%I', c), ', ') from unnest(cols) as c where c not in ('id', 'updated_at')), ''),
      target)
      using target_id, data into result;
  end if;
  if result is null then
    -- The policies let the caller see the row but not change it.
    raise exception 'not allowed to change this content' using errcode = '42501';
  end if;
  return result;
end
$$;

create or replace function public.recently_deleted_content(target text)
returns setof public.content_revisions
language plpgsql stable
security invoker
set search_path = ''
as $$
begin
  if target is null or not public.is_content_table(target) then
    raise exception 'unknown content table %', target using errcode = '22023';
  end if;
  return query execute format(
    'select r.* from public.content_revisions r
      where r.table_name = $1 and r.action = ''delete''
        and r.changed_at >= clock_timestamp() - public.content_restore_window()
        and r.id = (select max(l.id) from public.content_revisions l
                     where l.table_name = r.table_name and l.row_id = r.row_id)
        and not exists (select 1 from public.%I t where t.id = r.row_id)
      order by r.changed_at desc, r.id desc', target)
    using target;
end
$$;
