-- Who may use the admin: editors (change everything, as before) and viewers
-- (see the admin, change nothing). An editor lists the people with access,
-- changes one's role, or removes one, which ends their sessions at once.
--
-- The role lives in the account's app_metadata (`editor: true` or
-- `viewer: true`), which only the service role and these functions write. The
-- token carries the app_metadata it was issued with; so that a removal or a
-- demotion counts at once rather than when the old token expires, both checks
-- below also read the stored account. SECURITY DEFINER (the API roles cannot
-- read the auth schema), empty search_path.

-- The session passed the second step, or the account has none to pass (a
-- verified factor of any kind, read live: see 20261127000401_editor_needs_aal2.sql).
create function site_private.passed_second_step(claims jsonb, person uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(claims ->> 'aal' in ('aal2', 'aal3'), false)
      or not exists (select 1 from auth.mfa_factors f where f.user_id = person and f.status = 'verified')
$$;
revoke all on function site_private.passed_second_step(jsonb, uuid) from public;

-- An editor as before (claim and, with a verified second factor, aal2), and no
-- longer an editor once the stored account says otherwise. A token whose
-- subject has no account row (a service script's hand-made token) is judged by
-- its claims alone, as before.
create or replace function public.is_editor() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  subject text := claims ->> 'sub';
  stored jsonb;
begin
  if coalesce(claims -> 'app_metadata' -> 'editor' = 'true'::jsonb, false) is not true then
    return false;
  end if;
  if subject is null
     or subject !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return true;
  end if;
  select u.raw_app_meta_data into stored from auth.users u where u.id = subject::uuid;
  if found and coalesce(stored -> 'editor' = 'true'::jsonb, false) is not true then
    return false;
  end if;
  return site_private.passed_second_step(claims, subject::uuid);
end
$$;

-- A viewer: the stored account says `viewer: true` (set_site_role makes a viewer
-- no editor), with the same second-step rule as editors.
create function public.is_viewer() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  subject text := claims ->> 'sub';
begin
  if claims ->> 'role' is distinct from 'authenticated'
     or subject is null
     or subject !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  if not exists (
    select 1 from auth.users u
    where u.id = subject::uuid and u.raw_app_meta_data -> 'viewer' = 'true'::jsonb
  ) then
    return false;
  end if;
  return site_private.passed_second_step(claims, subject::uuid);
end
$$;
comment on function public.is_viewer() is
  'True when the request''s user is a viewer of the admin (app_metadata.viewer = true in the stored account), '
  'past the second step if the account has one.';

create function public.can_read_admin() returns boolean
language sql stable
set search_path = ''
as $$ select public.is_editor() or public.is_viewer() $$;

grant execute on function public.is_viewer(), public.can_read_admin() to anon, authenticated, service_role;

-- What the admin shows, a viewer reads too; every write stays with editors.
drop policy "Editors can read messages" on public.contact_messages;
create policy "Editors and viewers can read messages" on public.contact_messages
  for select to authenticated using ((select public.can_read_admin()));
drop policy "Editors can read" on public.notification_settings;
create policy "Editors and viewers can read" on public.notification_settings
  for select to authenticated using ((select public.can_read_admin()));
drop policy "Editors can read revisions" on public.content_revisions;
create policy "Editors and viewers can read revisions" on public.content_revisions
  for select to authenticated using ((select public.can_read_admin()));
drop policy "Editors can read drafts" on public.content_drafts;
create policy "Editors and viewers can read drafts" on public.content_drafts
  for select to authenticated using ((select public.can_read_admin()));

-- The people with access, for the admin's Editors list (editors and viewers see it).
create function public.site_people()
returns table (id uuid, email text, role text, last_sign_in_at timestamptz, invited_at timestamptz, signed_up boolean)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_admin() then
    raise exception 'only editors and viewers see who has access' using errcode = '42501';
  end if;
  return query
    select u.id, u.email::text,
           case when u.raw_app_meta_data -> 'editor' = 'true'::jsonb then 'editor' else 'viewer' end,
           u.last_sign_in_at, u.invited_at, u.last_sign_in_at is not null
    from auth.users u
    where u.raw_app_meta_data -> 'editor' = 'true'::jsonb or u.raw_app_meta_data -> 'viewer' = 'true'::jsonb
    order by u.email;
end
$$;
revoke all on function public.site_people() from public;
grant execute on function public.site_people() to authenticated, service_role;

-- Makes the account an editor or a viewer, or removes its access ('none'),
-- which also ends every session it has (its refresh tokens go with them).
-- Editors only, and never on themselves, so an admin always keeps an editor.
create function public.set_site_role(person uuid, new_role text) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me text := auth.jwt() ->> 'sub';
begin
  if not public.is_editor() then
    raise exception 'only editors change who has access' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('editor', 'viewer', 'none') then
    raise exception 'unknown role %', new_role using errcode = '22023', hint = 'One of editor, viewer, none.';
  end if;
  if person::text = me then
    raise exception 'you cannot change your own access' using errcode = '22023',
      hint = 'Another editor can.';
  end if;
  update auth.users u
     set raw_app_meta_data = (u.raw_app_meta_data - 'editor' - 'viewer')
           || case new_role
                when 'editor' then '{"editor": true}'::jsonb
                when 'viewer' then '{"editor": false, "viewer": true}'::jsonb
                else '{"editor": false}'::jsonb
              end,
         updated_at = now()
   where u.id = person;
  if not found then
    raise exception 'no such account' using errcode = 'P0002';
  end if;
  if new_role = 'none' then
    delete from auth.sessions s where s.user_id = person;
  end if;
  return new_role;
end
$$;
revoke all on function public.set_site_role(uuid, text) from public;
grant execute on function public.set_site_role(uuid, text) to authenticated, service_role;

-- A viewer also sees the backups' state and the mail problems (never starts a
-- backup or downloads one: those stay with editors).
create or replace function public.backup_overview() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_admin() and coalesce(current_setting('role', true), '') <> 'service_role' then
    raise exception 'Only editors and viewers can see the backups.' using errcode = '42501';
  end if;
  return pleat_backup.overview();
end
$$;

create or replace function public.mail_problems()
returns table (id bigint, template text, recipient text, status text, attempts integer,
               last_error text, created_at timestamptz, next_attempt_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.can_read_admin() and coalesce(current_setting('role', true), '') <> 'service_role' then
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
