-- The mail outbox: every mail is a row here before it is a message on the
-- wire, written in the same transaction as whatever caused it (a recovery
-- request, a trigger on an app's table). pleat's worker claims due rows with
-- FOR UPDATE SKIP LOCKED, so replicas never claim one row together, renders the
-- row's template with its variables and sends it over SMTP.
-- Only the owner connection (pleat itself) touches the schema: the API roles
-- get no USAGE, so /rest/v1 cannot see it whatever PLEAT_DB_SCHEMAS says.

create schema if not exists pleat_mail;
revoke all on schema pleat_mail from public;

create table pleat_mail.outbox (
  id              bigint generated always as identity primary key,
  template        text not null check (template ~ '^[a-z0-9_]{1,64}$'),
  recipient       text not null check (length(recipient) between 3 and 320 and recipient like '%@%'),
  reply_to        text check (reply_to is null or (length(reply_to) between 3 and 320 and reply_to like '%@%')),
  vars            jsonb not null default '{}' check (jsonb_typeof(vars) = 'object'),
  status          text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A claim lasts until locked_until; a worker that died mid-send leaves the
  -- row 'sending' and the next worker takes it again once the lease is over.
  locked_until    timestamptz,
  claim           uuid,
  last_error      text,
  created_at      timestamptz not null default now(),
  sent_at         timestamptz
);
comment on table pleat_mail.outbox is 'Mails to send (pending), being sent (sending), sent, or given up (failed, with last_error).';
create index outbox_due_idx on pleat_mail.outbox (next_attempt_at) where status in ('pending', 'sending');
create index outbox_created_idx on pleat_mail.outbox (created_at desc);

-- Values every template sees as `site` (the app's name, colours, …), set by
-- the app (e.g. from a trigger on its settings table) with pleat_mail.set_site.
create table pleat_mail.site (
  singleton boolean primary key default true check (singleton),
  vars      jsonb not null default '{}' check (jsonb_typeof(vars) = 'object'),
  updated_at timestamptz not null default now()
);
insert into pleat_mail.site default values;

-- Queue one mail; the caller's transaction decides whether it is ever sent.
-- NOTIFY wakes the workers at commit (and is dropped on rollback).
create function pleat_mail.enqueue(
  template text, recipient text, vars jsonb default '{}', reply_to text default null
) returns bigint
language plpgsql volatile security definer set search_path = pg_catalog, pg_temp
as $$
declare
  new_id bigint;
begin
  insert into pleat_mail.outbox (template, recipient, vars, reply_to)
  values (enqueue.template, lower(btrim(enqueue.recipient)), coalesce(enqueue.vars, '{}'),
          nullif(btrim(enqueue.reply_to), ''))
  returning id into new_id;
  perform pg_notify('pleat_mail', new_id::text);
  return new_id;
end
$$;
revoke all on function pleat_mail.enqueue(text, text, jsonb, text) from public;

create function pleat_mail.set_site(vars jsonb) returns void
language sql volatile security definer set search_path = pg_catalog, pg_temp
as $$
  update pleat_mail.site set vars = coalesce(set_site.vars, '{}'), updated_at = now();
$$;
revoke all on function pleat_mail.set_site(jsonb) from public;
