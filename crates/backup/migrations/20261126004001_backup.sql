-- Backups as the replicas of one installation share them. Every backup, be it
-- scheduled, asked for from the admin or made by `pleat backup`, is a row of
-- pleat_backup.runs before it is a file: a scheduled one is inserted for its
-- slot (unique, so of two replicas waking at 03:00 only one inserts it), a
-- requested one is inserted by pleat_backup.request() and claimed by one
-- replica with FOR UPDATE SKIP LOCKED. The backup files themselves live at
-- PLEAT_BACKUP_URL; this table is what the admin and the metrics read.
-- Only the owner connection (pleat itself) touches the schema: the API roles
-- get no USAGE; an app exposes what it wants through its own SECURITY DEFINER
-- functions (who may see backups is the app's decision, not the backend's).

create schema if not exists pleat_backup;
revoke all on schema pleat_backup from public;

create table pleat_backup.runs (
  id            bigint generated always as identity primary key,
  -- The backup's name at PLEAT_BACKUP_URL (set when the run starts).
  name          text unique check (name is null or name ~ '^[A-Za-z0-9._-]{1,200}$'),
  trigger       text not null check (trigger in ('schedule', 'request', 'cli')),
  -- The scheduled time a 'schedule' run is for: one run per slot.
  slot          timestamptz unique,
  requested_by  uuid,
  status        text not null default 'pending'
                check (status in ('pending', 'running', 'done', 'failed')),
  size_bytes    bigint check (size_bytes is null or size_bytes >= 0),
  error         text,
  created_at    timestamptz not null default now(),
  started_at    timestamptz,
  finished_at   timestamptz,
  -- A replica that dies mid-backup leaves 'running' with a lease that runs
  -- out; the run is then marked failed by whoever looks next.
  locked_until  timestamptz,
  claim         uuid,
  constraint runs_slot_for_schedule check ((trigger = 'schedule') = (slot is not null))
);
comment on table pleat_backup.runs is
  'Every backup made or being made: scheduled (one per slot), requested from the admin, or made by the CLI.';
create index runs_created_idx on pleat_backup.runs (created_at desc);
create index runs_pending_idx on pleat_backup.runs (created_at) where status = 'pending';

-- What the servers tell the admin and each other: the schedule in force and
-- its next time (written by the serving replicas), and where failure mails go
-- (set by the app, e.g. from its notification settings).
create table pleat_backup.state (
  singleton         boolean primary key default true check (singleton),
  schedule          text,
  next_scheduled_at timestamptz,
  notify_email      text check (notify_email is null
                                or (length(notify_email) between 3 and 320 and notify_email like '%@%')),
  updated_at        timestamptz not null default now()
);
insert into pleat_backup.state default values;

-- One-time links to download a backup file: made for someone the app allows,
-- used once within five minutes by GET /backup/v1/download/{token}.
create table pleat_backup.downloads (
  token      uuid primary key default gen_random_uuid(),
  name       text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '5 minutes'
);

-- Ask for a backup now. A request while another is pending or running is the
-- same request (a second tap of "Back up now" makes no second backup).
-- NOTIFY wakes the serving replicas at commit.
create function pleat_backup.request(requested_by uuid default null) returns bigint
language plpgsql volatile security definer set search_path = pg_catalog, pg_temp
as $$
declare
  run_id bigint;
begin
  perform pg_advisory_xact_lock(7261005);
  select r.id into run_id from pleat_backup.runs r
   where r.trigger = 'request' and r.status in ('pending', 'running')
   order by r.id limit 1;
  if run_id is null then
    insert into pleat_backup.runs (trigger, requested_by)
    values ('request', request.requested_by)
    returning id into run_id;
    perform pg_notify('pleat_backup', run_id::text);
  end if;
  return run_id;
end
$$;
revoke all on function pleat_backup.request(uuid) from public;

-- What an admin shows: the last finished backup, the last good one, whether
-- one is under way, the next scheduled time, and the ten latest runs.
create function pleat_backup.overview() returns jsonb
language sql stable security definer set search_path = pg_catalog, pg_temp
as $$
  select jsonb_build_object(
    'last', (select to_jsonb(x) from (
               select r.name, r.trigger, r.status, r.size_bytes, r.error, r.started_at, r.finished_at
                 from pleat_backup.runs r where r.status in ('done', 'failed')
                order by r.finished_at desc nulls last, r.id desc limit 1) x),
    'last_success', (select to_jsonb(x) from (
               select r.name, r.trigger, r.size_bytes, r.started_at, r.finished_at
                 from pleat_backup.runs r where r.status = 'done'
                order by r.finished_at desc nulls last, r.id desc limit 1) x),
    'in_progress', exists (select 1 from pleat_backup.runs r
                            where r.status = 'pending'
                               or (r.status = 'running' and coalesce(r.locked_until > now(), true))),
    'schedule', (select s.schedule from pleat_backup.state s),
    'next_scheduled_at', (select s.next_scheduled_at from pleat_backup.state s),
    'recent', coalesce((select jsonb_agg(to_jsonb(x) order by x.id desc) from (
               select r.id, r.name, r.trigger, r.status, r.size_bytes, r.error,
                      r.created_at, r.started_at, r.finished_at
                 from pleat_backup.runs r order by r.id desc limit 10) x), '[]'::jsonb));
$$;
revoke all on function pleat_backup.overview() from public;

-- A one-time download link's token for backup `name` (null: the latest good
-- one); null when there is no such backup.
create function pleat_backup.download_token(name text default null) returns uuid
language plpgsql volatile security definer set search_path = pg_catalog, pg_temp
as $$
declare
  wanted text;
  tok uuid;
begin
  select r.name into wanted from pleat_backup.runs r
   where r.status = 'done' and (download_token.name is null or r.name = download_token.name)
   order by r.finished_at desc nulls last, r.id desc limit 1;
  if wanted is null then
    return null;
  end if;
  delete from pleat_backup.downloads d where d.expires_at < now();
  insert into pleat_backup.downloads (name) values (wanted) returning token into tok;
  return tok;
end
$$;
revoke all on function pleat_backup.download_token(text) from public;

-- Where a mail goes when scheduled backups fail twice in a row.
create function pleat_backup.set_notify_email(email text) returns void
language sql volatile security definer set search_path = pg_catalog, pg_temp
as $$
  update pleat_backup.state
     set notify_email = nullif(lower(btrim(email)), ''), updated_at = now();
$$;
revoke all on function pleat_backup.set_notify_email(text) from public;
