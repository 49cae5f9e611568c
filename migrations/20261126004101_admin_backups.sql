-- The admin's Backups section. pleat keeps its backups in the pleat_backup
-- schema, which the API roles cannot reach (who may see backups is the app's
-- decision): these functions give editors what the section shows, a "Back up
-- now", and a one-time link to the latest good backup. A backup holds the
-- site's keys, so a visitor or a signed-in account that is not an editor gets
-- nothing, not even whether backups exist.
--
-- SECURITY DEFINER with an empty search_path, like public.mail_problems():
-- the caller needs no access to pleat_backup, and nothing the caller sets can
-- redirect the names used here.

-- Editors, and the service_role key (scripts, support), may; anyone else is
-- refused with `refusal` (42501: PostgREST answers 403, or 401 without a session).
create function site_private.require_backup_access(refusal text) returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_editor() and coalesce(current_setting('role', true), '') <> 'service_role' then
    raise exception '%', refusal using errcode = '42501';
  end if;
end
$$;
revoke all on function site_private.require_backup_access(text) from public;

-- The last backup, the last good one, whether one is under way, the next
-- scheduled time and the ten latest runs (pleat_backup.overview()).
create function public.backup_overview() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform site_private.require_backup_access('Only editors can see the backups.');
  return pleat_backup.overview();
end
$$;
comment on function public.backup_overview() is
  'The admin''s view of the backups: last, last_success, in_progress, schedule, next_scheduled_at, recent (editors only).';
revoke all on function public.backup_overview() from public;
grant execute on function public.backup_overview() to authenticated, service_role;

-- "Back up now": the id of the requested backup. While one is waiting or
-- running, asking again answers its id (a second tap makes no second backup).
create function public.request_backup() returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform site_private.require_backup_access('Only editors can make a backup.');
  return pleat_backup.request(auth.uid());
end
$$;
comment on function public.request_backup() is
  'Asks pleat for a backup now; answers the run''s id, the same one while a request is waiting or running (editors only).';
revoke all on function public.request_backup() from public;
grant execute on function public.request_backup() to authenticated, service_role;

-- A token for GET /backup/v1/download/{token}: the latest good backup, once,
-- within five minutes. Null when no backup has worked yet.
create function public.backup_download_token() returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform site_private.require_backup_access('Only editors can download a backup.');
  return pleat_backup.download_token(null);
end
$$;
comment on function public.backup_download_token() is
  'A one-time token to download the latest good backup at /backup/v1/download/{token}, or null when there is none (editors only).';
revoke all on function public.backup_download_token() from public;
grant execute on function public.backup_download_token() to authenticated, service_role;

-- Where pleat mails when scheduled backups fail twice in a row: the address
-- new enquiries go to (notification_settings), else the contact email, as the
-- enquiry mail chooses. An address that is not a valid one (a contact email
-- saved before its check existed) is passed over rather than making the
-- owner's save fail for the sake of the backup mail.
create function site_private.share_backup_recipient() returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  recipient text;
begin
  select e.address into recipient
    from (
      select 1 as rank, btrim(n.notification_email) as address from public.notification_settings n
      union all
      select 2, btrim(c.email)
        from (select c.email from public.contact_info c order by c.created_at limit 1) c
    ) e
   where e.address ~ '^[^[:space:]@]+@[^[:space:]@]+$' and char_length(e.address) <= 320
   order by e.rank
   limit 1;
  perform pleat_backup.set_notify_email(recipient);
end
$$;
revoke all on function site_private.share_backup_recipient() from public;

create function site_private.share_backup_recipient_trigger() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform site_private.share_backup_recipient();
  return null;
end
$$;
revoke all on function site_private.share_backup_recipient_trigger() from public;

-- Per statement: the recipient is read from both tables afresh, so an insert,
-- an update and a delete (of either row) are all followed the same way.
create trigger notification_settings_share_backup_recipient
  after insert or update or delete on public.notification_settings
  for each statement execute function site_private.share_backup_recipient_trigger();

create trigger contact_info_share_backup_recipient
  after insert or update or delete on public.contact_info
  for each statement execute function site_private.share_backup_recipient_trigger();

select site_private.share_backup_recipient();
