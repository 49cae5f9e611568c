-- The contact form's budget counts a client as every other limit of Pleat
-- does (auth.client_limit_key, the backend's): an IPv4 address as it is, an
-- IPv6 address by its /64. Keyed on the full IPv6 address, one client could
-- send each message from another address of its /64 and never meet the
-- budget. Otherwise the guard is unchanged (see 20261123000202): 5 messages
-- per client in 10 minutes, one per request, editors and service_role free.
-- Windows already open for IPv6 clients start over under their /64's key.

create or replace function site_private.guard_contact_messages() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  budget constant integer := 5;
  span constant interval := interval '10 minutes';
  requester text := coalesce(current_setting('role', true), 'none');
  address text := coalesce(
    auth.client_limit_key(nullif(current_setting('request.client_ip', true), '')), 'unknown');
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
