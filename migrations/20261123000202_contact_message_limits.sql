-- The contact form is the one table strangers write to, so it is guarded:
-- 1. Visitors insert only the form's fields: the database chooses id and
--    created_at (a message "dated 2099" would otherwise sort first in the inbox).
-- 2. One message per request: a visitor cannot post thousands of rows at once.
-- 3. At most 5 messages per client address in 10 minutes, counted in the
--    database so that every pleat replica shares the budget. The address is
--    `request.client_ip`, set by /rest/v1 for each request (the socket peer, or
--    the client named by X-Forwarded-For when the peer is a trusted proxy);
--    the raw request headers are not used because a client can forge them.
-- Editors and service_role are not limited. Refused statements roll back, so
-- they consume none of the budget.

revoke insert on public.contact_messages from anon, authenticated;
grant insert (first_name, last_name, email, phone, service_needed, message)
  on public.contact_messages to anon, authenticated;

-- Not exposed by /rest/v1 (only PLEAT_DB_SCHEMAS are) and not usable by the
-- API roles: the budget and the trigger that keeps it live here.
create schema if not exists site_private;
revoke all on schema site_private from public;

-- Unlogged: counters are cheap to lose in a crash (the budget starts over) and
-- need no WAL. One row per client address and fixed window.
create unlogged table site_private.contact_message_budget (
  client       text primary key,
  window_start timestamptz not null,
  sent         integer not null
);
create index contact_message_budget_window_start_idx
  on site_private.contact_message_budget (window_start);
comment on table site_private.contact_message_budget is
  'Contact messages sent per client address in the current 10-minute window.';

-- SECURITY DEFINER so that the API roles need no access to the budget; as a
-- trigger function it cannot be called directly. The `role` setting still
-- names the request's role here (current_user is the owner).
create function site_private.guard_contact_messages() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  budget constant integer := 5;
  span constant interval := interval '10 minutes';
  requester text := coalesce(current_setting('role', true), 'none');
  address text := coalesce(nullif(current_setting('request.client_ip', true), ''), 'unknown');
  inserted bigint;
  used integer;
  started timestamptz;
begin
  if requester not in ('anon', 'authenticated') or public.is_editor() then
    return null;
  end if;

  select count(*) into inserted from new_messages;
  if inserted > 1 then
    raise exception 'Send one contact message per request (this request had %).', inserted
      using hint = 'Insert a single object, not an array.';
  end if;

  -- Forget windows that have ended; rows another request holds are left for later.
  delete from site_private.contact_message_budget
   where client in (
     select b.client from site_private.contact_message_budget b
      where b.window_start <= now() - span
      limit 100
      for update skip locked);

  insert into site_private.contact_message_budget as b (client, window_start, sent)
  values (address, now(), 1)
  on conflict on constraint contact_message_budget_pkey do update
    set window_start = case when b.window_start <= now() - span then now() else b.window_start end,
        sent = case when b.window_start <= now() - span then 1 else b.sent + 1 end
  returning b.sent, b.window_start into used, started;

  if used > budget then
    -- PostgREST's way for a function to choose the status and headers.
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'PT429',
        'message', 'Too many messages. Please try again later.',
        'details', null,
        'hint', format('At most %s messages in %s minutes from one address.',
                       budget, extract(epoch from span)::integer / 60))::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object(
          'Retry-After', greatest(1, ceil(extract(epoch from started + span - now())))::bigint::text)
      )::text;
  end if;
  return null;
end
$$;
revoke all on function site_private.guard_contact_messages() from public;

create trigger contact_messages_guard
  after insert on public.contact_messages
  referencing new table as new_messages
  for each statement execute function site_private.guard_contact_messages();
