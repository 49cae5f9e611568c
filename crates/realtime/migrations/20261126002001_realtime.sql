-- Supabase Realtime's `realtime` schema, as supabase-js apps and their
-- policies expect it:
-- * realtime.messages: what private channels' policies are written on
--   (`using (realtime.topic() = ... and extension = 'broadcast')`), and the
--   broadcasts sent from SQL with realtime.send.
-- * realtime.topic(): the topic being checked, set by pleat per check.
-- * realtime.send(payload, event, topic, private): a broadcast from SQL (an
--   RPC, a trigger), delivered by every pleat on this database when the
--   transaction commits.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role, authenticator;

create table realtime.messages (
  id          uuid not null default gen_random_uuid() primary key,
  topic       text not null,
  extension   text not null,
  payload     jsonb,
  event       text,
  private     boolean default false,
  inserted_at timestamp not null default now(),
  updated_at  timestamp not null default now()
);
create index messages_inserted_at on realtime.messages (inserted_at);

alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to authenticated, service_role;
grant select, insert on realtime.messages to anon;

comment on table realtime.messages is
  'Private channels are authorised by the policies on this table (select: receive, insert: send); realtime.send writes broadcasts here.';

create or replace function realtime.topic() returns text
language sql stable
set search_path = ''
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Every new message is a broadcast: the notification carries it, or only its
-- id when it is too large for one (pleat then reads the row).
create or replace function realtime.notify_message() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  body text := json_build_object(
    'id', new.id, 'topic', new.topic, 'event', new.event,
    'private', coalesce(new.private, false), 'payload', new.payload)::text;
begin
  if new.extension <> 'broadcast' then
    return null;
  end if;
  if octet_length(body) > 7900 then
    body := json_build_object('id', new.id, 'spilled', true)::text;
  end if;
  perform pg_notify('pleat_realtime', body);
  return null;
end
$$;

create trigger notify_message after insert on realtime.messages
  for each row execute function realtime.notify_message();

-- Security definer: the caller needs no right on realtime.messages to send
-- from SQL (Supabase's realtime.send behaves the same way).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload || jsonb_build_object('id', gen_random_uuid()), event, topic, private, 'broadcast');
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

-- For row triggers: broadcast a change of a row to `topic_name`.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW')
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_data jsonb := jsonb_build_object(
    'record', case when new is null then null else to_jsonb(new) end,
    'old_record', case when old is null then null else to_jsonb(old) end,
    'operation', operation, 'table', table_name, 'schema', table_schema);
begin
  if level = 'ROW' then
    perform realtime.send(row_data, event_name, topic_name, true);
  end if;
end
$$;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

-- Probe rows for a private channel's policies: pleat inserts them as this
-- function's owner inside a transaction it rolls back, then reads them as the
-- caller. Only the connection role pleat uses may call it.
create or replace function realtime.probe(topic_name text) returns setof uuid
language sql
security definer
set search_path = ''
as $$
  insert into realtime.messages (topic, extension, private, event)
  values (topic_name, 'broadcast', true, null), (topic_name, 'presence', true, null)
  returning id
$$;
revoke all on function realtime.probe(text) from public;
grant execute on function realtime.probe(text) to authenticator;

-- Broadcasts between pleat processes on this database travel as
-- notifications on `pleat_realtime`; one too large for a notification waits
-- here for a minute, named by the notification.
create unlogged table realtime.spill (
  id         bigint generated always as identity primary key,
  body       jsonb not null,
  created_at timestamptz not null default now()
);
comment on table realtime.spill is
  'Broadcasts too large for a notification, read by the other pleat processes; kept a minute.';

-- Tables join postgres_changes with
--   alter publication supabase_realtime add table public.my_table;
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Presence across pleat processes: each tracked presence is a row of the
-- process that holds its socket, and every process says it is alive; the
-- rows of a process silent for 30 seconds are removed (and their leaves
-- sent) by the others.
create unlogged table realtime.presence (
  node       uuid not null,
  conn       bigint not null,
  private    boolean not null,
  topic      text not null,
  key        text not null,
  phx_ref    text not null,
  meta       jsonb not null,
  primary key (node, conn, private, topic)
);
create index presence_room on realtime.presence (private, topic);

create unlogged table realtime.nodes (
  node    uuid primary key,
  seen_at timestamptz not null default now()
);
