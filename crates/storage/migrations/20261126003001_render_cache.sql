-- The render cache of /render/image: each rendering is a file in the storage
-- backend (`renders/{version}/…`), indexed here so every replica sharing the
-- backend and this database shares one cache with one budget. A rendering is
-- named by what it is (the source version and the output's size, format and
-- quality), not by how it was asked for, so requests that come out the same
-- share one entry. The least recently used entries beyond the budget are
-- evicted, and the renderings of a deleted or replaced version at once.
-- Only pleat's login role reaches these tables, through the functions below.

create table storage.renders (
  -- The backend key of the rendering's file.
  key text primary key,
  -- The source blob's version (storage.objects.version).
  version text not null,
  size bigint not null,
  content_type text not null,
  created_at timestamptz not null default now(),
  -- '-infinity' marks a rendering of a version no object serves any more:
  -- never served again, its file deleted at the next sweep.
  last_used timestamptz not null default now()
);
create index renders_version on storage.renders (version);
create index renders_last_used on storage.renders (last_used);

-- What a source version is, learnt by decoding it once: the output of a
-- request depends on it (sizes are clamped to the source's), so the cache
-- key of a request can be known without reading the source again.
create table storage.render_sources (
  version text primary key,
  format text not null,
  -- As displayed, after the EXIF orientation.
  width integer not null,
  height integer not null
);

-- What the cache holds, kept by a trigger so eviction need not sum the
-- index. Every entry counts at least 4 KiB, the least a file takes on a
-- disk, so a budget also bounds the number of files.
create table storage.render_usage (
  one boolean primary key default true check (one),
  bytes bigint not null default 0,
  entries bigint not null default 0
);
insert into storage.render_usage default values;

create or replace function storage.pleat_render_usage()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    update storage.render_usage
    set bytes = bytes + (select coalesce(sum(greatest(n.size, 4096)), 0) from new_rows n),
        entries = entries + (select count(*) from new_rows);
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update storage.render_usage
    set bytes = bytes - (select coalesce(sum(greatest(o.size, 4096)), 0) from old_rows o),
        entries = entries - (select count(*) from old_rows);
  end if;
  return null;
end
$$;

create trigger renders_usage_insert after insert on storage.renders
  referencing new table as new_rows
  for each statement execute function storage.pleat_render_usage();
create trigger renders_usage_update after update on storage.renders
  referencing old table as old_rows new table as new_rows
  for each statement execute function storage.pleat_render_usage();
create trigger renders_usage_delete after delete on storage.renders
  referencing old table as old_rows
  for each statement execute function storage.pleat_render_usage();

-- Finding the object that serves a version, to forget its renderings.
create index objects_version on storage.objects (version);

-- A version that stops being served (its object deleted, or replaced by an
-- upload) takes its renderings with it. Runs in the caller's transaction,
-- whatever its role, hence SECURITY DEFINER.
create or replace function storage.pleat_render_forget()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update storage.renders set last_used = '-infinity'
  where version = old.version and last_used > '-infinity';
  delete from storage.render_sources where version = old.version;
  return null;
end
$$;

create trigger objects_forget_renders_deleted after delete on storage.objects
  for each row when (old.version is not null)
  execute function storage.pleat_render_forget();
create trigger objects_forget_renders_replaced after update on storage.objects
  for each row when (old.version is not null and old.version is distinct from new.version)
  execute function storage.pleat_render_forget();

-- What is known of a source version, if it was ever rendered.
create or replace function storage.pleat_render_source(p_version text)
returns table (format text, width integer, height integer)
language sql
stable
security definer
set search_path = ''
as $$
  select s.format, s.width, s.height from storage.render_sources s where s.version = p_version
$$;

-- A cached rendering, if there is one; marks it used (at most once a
-- minute, so a popular rendering is not a row rewritten per request).
create or replace function storage.pleat_render_get(p_key text)
returns table (size bigint, content_type text)
language sql
volatile
security definer
set search_path = ''
as $$
  with hit as (
    select r.key, r.size, r.content_type, r.last_used from storage.renders r
    where r.key = p_key and r.last_used > '-infinity'
  ), touched as (
    update storage.renders r set last_used = now() from hit
    where r.key = hit.key and hit.last_used < now() - interval '1 minute'
  )
  select hit.size, hit.content_type from hit
$$;

-- Entries to delete, at most p_batch of each kind: first renderings of
-- versions no longer served, then the least recently used beyond p_budget
-- bytes. The rows are gone when this returns; the caller deletes the files
-- (a file whose row is gone is an orphan until then; a row whose file is
-- gone is a miss, rendered and stored again).
create or replace function storage.pleat_render_evict(p_budget bigint, p_batch integer)
returns table (key text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  excess bigint;
begin
  return query
    delete from storage.renders r
    where r.key in (
      select s.key from storage.renders s where s.last_used = '-infinity'
      limit p_batch for update skip locked
    )
    returning r.key;
  select u.bytes - p_budget into excess from storage.render_usage u;
  if excess > 0 then
    return query
      delete from storage.renders r
      where r.key in (
        select w.key from (
          select t.key,
                 sum(greatest(t.size, 4096)) over (order by t.last_used, t.key)
                   - greatest(t.size, 4096) as before
          from (
            select s.key, s.size, s.last_used from storage.renders s
            where s.last_used > '-infinity'
            order by s.last_used, s.key
            limit p_batch for update skip locked
          ) t
        ) w
        where w.before < excess
      )
      returning r.key;
  end if;
end
$$;

-- A rendering just written to the backend, and what its source turned out
-- to be; then whatever must be evicted (as pleat_render_evict). The object
-- serving the version is locked while the row goes in, so a delete or
-- replacement either sees the row (and forgets it) or has already happened
-- (and the row goes in forgotten, its file deleted by the eviction below).
create or replace function storage.pleat_render_put(
  p_key text, p_version text, p_size bigint, p_content_type text,
  p_format text, p_width integer, p_height integer,
  p_budget bigint, p_batch integer
)
returns table (key text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  served boolean;
begin
  perform 1 from storage.objects o where o.version = p_version for share;
  served := found;
  insert into storage.renders as r (key, version, size, content_type, last_used)
  values (p_key, p_version, p_size, p_content_type,
          case when served then now() else '-infinity'::timestamptz end)
  on conflict on constraint renders_pkey do update
    set size = excluded.size, content_type = excluded.content_type, last_used = excluded.last_used;
  if served then
    insert into storage.render_sources (version, format, width, height)
    values (p_version, p_format, p_width, p_height)
    on conflict do nothing;
  end if;
  return query select e.key from storage.pleat_render_evict(p_budget, p_batch) e;
end
$$;

revoke all on function storage.pleat_render_source(text) from public;
revoke all on function storage.pleat_render_get(text) from public;
revoke all on function storage.pleat_render_evict(bigint, integer) from public;
revoke all on function storage.pleat_render_put(text, text, bigint, text, text, integer, integer, bigint, integer) from public;
grant execute on function storage.pleat_render_source(text) to authenticator;
grant execute on function storage.pleat_render_get(text) to authenticator;
grant execute on function storage.pleat_render_evict(bigint, integer) to authenticator;
grant execute on function storage.pleat_render_put(text, text, bigint, text, text, integer, integer, bigint, integer) to authenticator;
