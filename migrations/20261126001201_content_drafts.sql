-- Drafts, restoring a revision, and the 30 days a deleted item stays restorable.
--
-- * `content_drafts` holds at most one unpublished edit per content row (or per new
--   item, under the id it will get): the values the editor saved as a draft, over the
--   live row's. Only editors see or write drafts; visitors and signed-in non-editors
--   see nothing, and the public tables never show a draft: a preview overlays them in
--   the editor's browser, with the editor's own session.
-- * `publish_content_draft` writes a draft onto its live row (or inserts the new item)
--   and deletes the draft; `restore_content_revision` puts a row back as one of its
--   revisions (re-inserting it under the same id when it was deleted). Both are
--   SECURITY INVOKER: the content tables' own policies decide, and the revision
--   triggers (20261126001100_content_revisions.sql) record the publish or restore as a
--   new revision, with who and when.
-- * A deleted row can be restored for 30 days. `recently_deleted_content` lists those
--   deletions; after that the row's revisions are removed by
--   `purge_deleted_content_revisions`, which every delete of a content row runs (one
--   index range scan of old deletions, usually empty), so no scheduler is needed.

create table public.content_drafts (
  table_name       text not null check (table_name in (
                     'hero_content', 'services', 'portfolio_items', 'testimonials',
                     'about_content', 'contact_info', 'site_settings')),
  row_id           uuid not null,
  -- The draft's values, by column (those the editor's form writes); the live row's
  -- other columns are kept when it is published.
  data             jsonb not null check (jsonb_typeof(data) = 'object'),
  -- The live row's version (updated_at) the draft was made over; null for a new item.
  -- Publishing refuses when the row has changed since, so a draft never silently
  -- undoes someone's later change.
  base_updated_at  timestamptz,
  updated_by       uuid,
  updated_by_email text,
  updated_at       timestamptz not null default clock_timestamp(),
  primary key (table_name, row_id)
);

comment on table public.content_drafts is
  'Unpublished edits of content rows, one per row (or new item, under its future id); editors only.';

alter table public.content_drafts enable row level security;

create policy "Editors can read drafts" on public.content_drafts
  for select to authenticated using ((select public.is_editor()));
create policy "Editors can add drafts" on public.content_drafts
  for insert to authenticated with check ((select public.is_editor()));
create policy "Editors can change drafts" on public.content_drafts
  for update to authenticated using ((select public.is_editor())) with check ((select public.is_editor()));
create policy "Editors can discard drafts" on public.content_drafts
  for delete to authenticated using ((select public.is_editor()));
create policy "Service role has full access" on public.content_drafts
  for all to service_role using (true) with check (true);

-- No grant to anon: a visitor's read is refused outright (401), not merely empty.
grant select, insert, update, delete on public.content_drafts to authenticated;
grant all on public.content_drafts to service_role;

-- Who saved the draft and when come from the request, never from the client's body.
create or replace function public.stamp_content_draft() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_by := auth.uid();
  new.updated_by_email := nullif(auth.jwt() ->> 'email', '');
  new.updated_at := clock_timestamp();
  return new;
end
$$;
revoke all on function public.stamp_content_draft() from public;

create trigger stamp_draft before insert or update on public.content_drafts
  for each row execute function public.stamp_content_draft();

-- Writes `data` onto the row `row_id` of `target` as the caller (its policies decide),
-- or inserts it under that id when there is no such row. Only keys that are columns of
-- the table are written, so a revision saved before a column was added still restores
-- (the new column keeps its value, or its default on a re-insert). On an update the id,
-- the creation time, the version stamp (set by the table's trigger) and the position in
-- its list are kept: restoring an item's words does not move it.
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
  if target is null or target not in (
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings'
  ) then
    raise exception 'unknown content table %', target
      using errcode = '22023', hint = 'One of hero_content, services, portfolio_items, testimonials, about_content, contact_info, site_settings.';
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
    select string_agg(format('%I = v.%I', c, c), ', ') into sets
      from unnest(cols) as c
     where c not in ('id', 'created_at', 'updated_at', 'sort_order');
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
comment on function public.put_content_row(text, uuid, jsonb) is
  'Writes values onto a content row by id (or inserts it under that id) as the caller; used by publish and restore.';
revoke all on function public.put_content_row(text, uuid, jsonb) from public;
grant execute on function public.put_content_row(text, uuid, jsonb) to authenticated, service_role;

create or replace function public.require_editor() returns void
language plpgsql stable
set search_path = ''
as $$
begin
  -- The API's visitors and signed-in users must be editors; the service role and the
  -- database's own users (psql, a migration) may restore as they may write.
  if current_user not in ('anon', 'authenticated') then
    return;
  end if;
  if not coalesce(public.is_editor(), false) then
    raise exception 'only an editor may change the site''s content' using errcode = '42501';
  end if;
end
$$;
revoke all on function public.require_editor() from public;
grant execute on function public.require_editor() to anon, authenticated, service_role;

-- Publishes the draft of `target_id` in `target`: its values go onto the live row (or
-- the new item is inserted under that id), and the draft is deleted, in one transaction.
-- A draft made over an older version of the row than the live one is refused (409,
-- PT409) and kept: the editor opens it over the newer row and saves what should stay.
create or replace function public.publish_content_draft(target text, target_id uuid)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  draft public.content_drafts;
  live timestamptz;
  result jsonb;
begin
  perform public.require_editor();
  delete from public.content_drafts d
   where d.table_name = target and d.row_id = target_id
  returning d.* into draft;
  if draft.row_id is null then
    raise exception 'there is no draft of this content' using errcode = 'PT404';
  end if;
  if draft.base_updated_at is not null then
    execute format('select updated_at from public.%I where id = $1', target) using target_id into live;
    -- A row deleted since counts as changed: publishing would bring it back.
    if live is distinct from draft.base_updated_at then
      raise exception 'the content changed since this draft was saved'
        using errcode = 'PT409', detail = format('The live version is of %s.', live);
    end if;
  end if;
  result := public.put_content_row(target, target_id, draft.data);
  return result;
end
$$;
comment on function public.publish_content_draft(text, uuid) is
  'Writes a draft onto its live content row (or inserts the new item) and deletes the draft.';
revoke all on function public.publish_content_draft(text, uuid) from public;
grant execute on function public.publish_content_draft(text, uuid) to anon, authenticated, service_role;

-- A deleted row whose deletion is older than this can no longer be restored.
create or replace function public.content_restore_window() returns interval
language sql immutable
set search_path = ''
as $$ select interval '30 days' $$;
grant execute on function public.content_restore_window() to anon, authenticated, service_role;

-- Puts a content row back as revision `revision_id` had it. A row deleted more than 30
-- days ago is gone for good (its revisions are purged); one deleted since is inserted
-- again under its id. The restore itself is recorded by the triggers as a new revision.
create or replace function public.restore_content_revision(revision_id bigint)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  rev public.content_revisions;
  latest public.content_revisions;
  live boolean;
begin
  perform public.require_editor();
  select * into rev from public.content_revisions r where r.id = revision_id;
  if rev.id is null then
    raise exception 'there is no revision %', revision_id using errcode = 'PT404';
  end if;
  select * into latest from public.content_revisions r
   where r.table_name = rev.table_name and r.row_id = rev.row_id
   order by r.id desc limit 1;
  execute format('select exists (select 1 from public.%I where id = $1)', rev.table_name)
    using rev.row_id into live;
  if not live and latest.action = 'delete'
     and latest.changed_at < clock_timestamp() - public.content_restore_window() then
    raise exception 'this item was deleted more than 30 days ago and can no longer be restored'
      using errcode = 'PT410';
  end if;
  return public.put_content_row(rev.table_name, rev.row_id, rev.data);
end
$$;
comment on function public.restore_content_revision(bigint) is
  'Puts a content row back as one of its revisions (re-inserting a row deleted within 30 days); editors only.';
revoke all on function public.restore_content_revision(bigint) from public;
grant execute on function public.restore_content_revision(bigint) to anon, authenticated, service_role;

-- The rows of `target` deleted within the last 30 days and not restored since: each
-- row's deleting revision, newest first. The caller's access to content_revisions
-- decides (editors only; anyone else gets nothing or a refusal).
create or replace function public.recently_deleted_content(target text)
returns setof public.content_revisions
language plpgsql stable
security invoker
set search_path = ''
as $$
begin
  if target is null or target not in (
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings'
  ) then
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
comment on function public.recently_deleted_content(text) is
  'Rows of a content table deleted within 30 days and not restored: their deleting revisions, newest first.';
revoke all on function public.recently_deleted_content(text) from public;
grant execute on function public.recently_deleted_content(text) to anon, authenticated, service_role;

-- Removes every revision of rows whose last revision is a deletion older than 30 days
-- (and their drafts). Security definer: it runs after any editor's delete, and only
-- the triggers and the service role write revisions.
create or replace function public.purge_deleted_content_revisions() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  purged integer;
begin
  with expired as (
    select r.table_name, r.row_id
      from public.content_revisions r
     where r.action = 'delete'
       and r.changed_at < clock_timestamp() - public.content_restore_window()
       and r.id = (select max(l.id) from public.content_revisions l
                    where l.table_name = r.table_name and l.row_id = r.row_id)
  ), drafts as (
    delete from public.content_drafts d using expired e
     where d.table_name = e.table_name and d.row_id = e.row_id
  )
  delete from public.content_revisions r using expired e
   where r.table_name = e.table_name and r.row_id = e.row_id;
  get diagnostics purged = row_count;
  return purged;
end
$$;
comment on function public.purge_deleted_content_revisions() is
  'Removes the revisions of content rows deleted more than 30 days ago; run after every content delete.';
revoke all on function public.purge_deleted_content_revisions() from public;
grant execute on function public.purge_deleted_content_revisions() to service_role;

create or replace function public.purge_deleted_content_after_delete() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.purge_deleted_content_revisions();
  return null;
end
$$;
revoke all on function public.purge_deleted_content_after_delete() from public;

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
      'create trigger purge_deleted_revisions after delete on public.%I
         for each statement execute function public.purge_deleted_content_after_delete()', t);
  end loop;
end
$$;
