-- The contact form's "Service Needed" offers the business's own services (the
-- services table's titles, plus "Other"), so a message stores the label the
-- visitor chose and no fixed list of codes is needed to name it:
-- 1. Messages stored with one of the old form's codes get that code's label.
-- 2. The enquiry mail names the service as stored; site_private.service_label
--    (a fixed code -> label map) is dropped.
-- 3. The contact form's rate limit tells the client how long to wait: the 429
--    error's details say "Retry after N seconds." (supabase-js does not expose
--    the Retry-After header), so the site can say "Try again in N minutes".

update public.contact_messages
   set service_needed = case service_needed
     when 'curtains' then 'Custom Curtains'
     when 'blinds' then 'Blinds & Shades'
     when 'furniture-covers' then 'Furniture Covers'
     when 'consultation' then 'Design Consultation'
     when 'other' then 'Other'
   end
 where service_needed in ('curtains', 'blinds', 'furniture-covers', 'consultation', 'other');

comment on column public.contact_messages.service_needed is
  'The label of the service the visitor chose (a service''s title, or Other).';

-- As in 20261127001001_inbox_workflow.sql, with the service as stored.
create or replace function site_private.notify_enquiry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  recipient text;
begin
  select coalesce(
           (select nullif(btrim(n.notification_email), '') from public.notification_settings n limit 1),
           (select nullif(btrim(c.email), '') from public.contact_info c order by c.created_at limit 1))
    into recipient;
  if recipient is null then
    return null;
  end if;
  perform pleat_mail.enqueue(
    'enquiry',
    recipient,
    jsonb_build_object(
      'first_name', new.first_name,
      'last_name', new.last_name,
      'email', new.email,
      'phone', new.phone,
      'service', new.service_needed,
      'message', new.message,
      'received_at', to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
      'path', '/admin?message=' || new.id::text),
    new.email);
  return null;
end
$$;
revoke all on function site_private.notify_enquiry() from public;

drop function site_private.service_label(text);

-- As in 20261126001001_contact_limit_per_64.sql, with the wait in the error's details.
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
  wait bigint;
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
    wait := greatest(1, ceil(extract(epoch from started + span - now())))::bigint;
    -- PostgREST's way for a function to choose the status and headers.
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'PT429',
        'message', 'Too many messages. Please try again later.',
        'details', format('Retry after %s seconds.', wait),
        'hint', format('At most %s messages in %s minutes from one address.',
                       budget, extract(epoch from span)::integer / 60))::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After', wait::text)
      )::text;
  end if;
  return null;
end
$$;
revoke all on function site_private.guard_contact_messages() from public;
