-- Every change to the site's content is versioned and recorded, whoever makes it (the
-- admin, a second editor, a script with the service role, psql):
--
-- * `updated_at` is set by the database on every update, so it is a version an editor
--   can save against: an editor's save carries the `updated_at` it loaded as a filter
--   (`PATCH …?id=eq.X&updated_at=eq.T`), and matches no row when anyone changed the row
--   since. A client cannot keep the old value by sending it back.
-- * `content_revisions` keeps each row as it was after every insert, update and
--   delete, with who (the JWT's user id and email) and when: the history an owner
--   views and restores, and the "who changed it" of a conflicting save.

create table public.content_revisions (
  id               bigint generated always as identity primary key,
  table_name       text not null,
  row_id           uuid not null,
  action           text not null check (action in ('insert', 'update', 'delete')),
  -- The row after the change; for a delete, the row as it was deleted.
  data             jsonb not null,
  -- Null when the writer had no user (a script with the service role, psql, a migration).
  changed_by       uuid,
  changed_by_email text,
  changed_at       timestamptz not null default clock_timestamp()
);

create index content_revisions_row on public.content_revisions (table_name, row_id, id desc);
create index content_revisions_deletes on public.content_revisions (changed_at)
  where action = 'delete';

comment on table public.content_revisions is
  'Each content row after every insert, update and delete, with who and when. Written only by triggers; editors read it.';

alter table public.content_revisions enable row level security;

create policy "Editors can read revisions" on public.content_revisions
  for select to authenticated using ((select public.is_editor()));
create policy "Service role reads revisions" on public.content_revisions
  for select to service_role using (true);

-- Nobody writes the history through the API, not even the service role: it is
-- what a change can be checked against.
grant select on public.content_revisions to authenticated, service_role;

-- The version stamp: the database's clock, strictly later than the previous version
-- even when two updates land within one clock tick.
create or replace function public.stamp_content_version() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := greatest(clock_timestamp(), old.updated_at + interval '1 microsecond');
  return new;
end
$$;

-- Security definer: the writer (an editor, or anyone a future policy lets write) never
-- needs, nor gets, the right to write revisions directly.
create or replace function public.record_content_revision() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  changed jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
begin
  insert into public.content_revisions (table_name, row_id, action, data, changed_by, changed_by_email)
  values (
    tg_table_name,
    (changed ->> 'id')::uuid,
    lower(tg_op),
    changed,
    auth.uid(),
    nullif(claims ->> 'email', '')
  );
  return null;
end
$$;

revoke all on function public.record_content_revision() from public;
revoke all on function public.stamp_content_version() from public;

do $$
declare
  t text;
begin
  foreach t in array array[
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings'
  ]
  loop
    execute format(
      'create trigger stamp_version before update on public.%I
         for each row execute function public.stamp_content_version()', t);
    execute format(
      'create trigger record_revision after insert or update or delete on public.%I
         for each row execute function public.record_content_revision()', t);
    -- The rows already there are the first version of each.
    execute format(
      'insert into public.content_revisions (table_name, row_id, action, data, changed_at)
         select %L, r.id, ''insert'', to_jsonb(r), r.updated_at from public.%I r', t, t);
  end loop;
end
$$;
