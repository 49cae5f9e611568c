-- New enquiries reach the owner's inbox. A row inserted into contact_messages
-- (by a visitor through /rest/v1, an editor, a script: any insert) queues the
-- site's `enquiry` mail in pleat's outbox in the same transaction, so a refused
-- or rolled-back insert sends nothing and a committed one is never lost.
--
-- "Send new enquiries to" lives in its own single-row table rather than in
-- site_settings: site_settings is readable by anyone (the landing page inlines
-- `site_settings?select=*` into every page), and the owner's inbox address
-- should not be. Unset, the contact email (contact_info.email) is used.

create table public.notification_settings (
  id                 boolean primary key default true check (id),
  notification_email text,
  updated_at         timestamptz not null default now(),
  constraint notification_settings_email_shape
    check (notification_email is null or notification_email ~ '^[^[:space:]@]+@[^[:space:]@]+$'),
  constraint notification_settings_email_length
    check (notification_email is null or char_length(notification_email) <= 320)
);
comment on table public.notification_settings is
  'Where new enquiries are mailed (notification_email; null = the contact email). One row; editors only.';
insert into public.notification_settings default values;

alter table public.notification_settings enable row level security;
grant select, update on public.notification_settings to authenticated;
grant all on public.notification_settings to service_role;
create policy "Editors can read" on public.notification_settings
  for select to authenticated using ((select public.is_editor()));
create policy "Editors can update" on public.notification_settings
  for update to authenticated using ((select public.is_editor())) with check ((select public.is_editor()));
create policy "Service role has full access" on public.notification_settings
  for all to service_role using (true) with check (true);

-- SECURITY DEFINER with an empty search_path: the visitor (anon) needs no
-- access to the settings or the outbox, and nothing the caller sets can
-- redirect the names used here.
create function site_private.notify_enquiry() returns trigger
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
      'path', '/admin'),
    new.email);
  return null;
end
$$;
revoke all on function site_private.notify_enquiry() from public;

create trigger contact_messages_notify
  after insert on public.contact_messages
  for each row execute function site_private.notify_enquiry();

-- Every mail (the backend's too) shows the site's title and colours: keep
-- pleat's copy in step with site_settings.
create function site_private.share_site_with_mail() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform pleat_mail.set_site(jsonb_build_object(
    'name', new.site_title,
    'primary_color', new.primary_color,
    'secondary_color', new.secondary_color,
    'logo_url', new.logo_url));
  return null;
end
$$;
revoke all on function site_private.share_site_with_mail() from public;

create trigger site_settings_share_with_mail
  after insert or update on public.site_settings
  for each row execute function site_private.share_site_with_mail();

select pleat_mail.set_site(jsonb_build_object(
  'name', s.site_title, 'primary_color', s.primary_color,
  'secondary_color', s.secondary_color, 'logo_url', s.logo_url))
from (select * from public.site_settings order by created_at limit 1) s;

-- What the admin shows about mail: the last 50 mails that are not sent yet or
-- were given up, for editors only (the outbox itself is not exposed).
create function public.mail_problems()
returns table (id bigint, template text, recipient text, status text, attempts integer,
               last_error text, created_at timestamptz, next_attempt_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_editor() and coalesce(current_setting('role', true), '') <> 'service_role' then
    raise exception 'Only editors can read the mail status.' using errcode = '42501';
  end if;
  return query
    select o.id, o.template, o.recipient, o.status, o.attempts, o.last_error, o.created_at, o.next_attempt_at
      from pleat_mail.outbox o
     where o.status <> 'sent'
     order by o.created_at desc
     limit 50;
end
$$;
revoke all on function public.mail_problems() from public;
grant execute on function public.mail_problems() to authenticated, service_role;
