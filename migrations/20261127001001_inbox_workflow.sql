-- The inbox as a list of work: each enquiry has a status the owner sets (new,
-- replied, done; reading it changes nothing) and a private note, and the
-- notification mail links straight to the message and names the service by the
-- label the visitor chose rather than its stored value.
--
-- Visitors never set either column: their insert grant names the form's fields
-- only (20261123000202_contact_message_limits.sql). Editors change them under the
-- existing update policy ("Editors can mark messages read": is_editor()), which
-- this grant widens from read_at to the two new columns.

alter table public.contact_messages
  add column status text not null default 'new'
    constraint contact_messages_status_check check (status in ('new', 'replied', 'done')),
  add column note text
    constraint contact_messages_note_length check (char_length(note) <= 5000);
comment on column public.contact_messages.status is
  'Where the owner is with the enquiry: new, replied or done. Only an editor changes it.';
comment on column public.contact_messages.note is
  'The owner''s private note on the enquiry (never shown to the visitor).';

grant update (status, note) on public.contact_messages to authenticated;

create index contact_messages_status_idx on public.contact_messages (status, created_at desc);

-- The contact form's labels for its service values (frontend/src/config/site.ts,
-- serviceOptions); a value the form never offered is shown as stored.
create function site_private.service_label(value text) returns text
language sql immutable
set search_path = ''
as $$
  select case value
    when 'curtains' then 'Custom Curtains'
    when 'blinds' then 'Blinds & Shades'
    when 'furniture-covers' then 'Furniture Covers'
    when 'consultation' then 'Design Consultation'
    when 'other' then 'Other'
    else value
  end
$$;
revoke all on function site_private.service_label(text) from public;

-- As before (20261123000601_enquiry_notifications.sql), with the service's label
-- and a link the admin opens on this message (/admin?message=<id>).
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
      'service', site_private.service_label(new.service_needed),
      'message', new.message,
      'received_at', to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
      'path', '/admin?message=' || new.id::text),
    new.email);
  return null;
end
$$;
revoke all on function site_private.notify_enquiry() from public;
