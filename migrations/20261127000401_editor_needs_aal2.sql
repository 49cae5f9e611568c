-- An editor who turned on two-step sign-in is an editor only in a session that
-- passed the second step. Without this, a stolen password alone would still edit
-- the site, read the inbox and upload media: every editing policy, the drafts and
-- restore functions, the backups and enquiry settings, and the admin's realtime
-- channel all ask public.is_editor(), so the rule lives there and nowhere else.
--
-- The account "has a second factor" when auth.mfa_factors holds a verified
-- factor for it (TOTP or WebAuthn); an unverified one (an enrolment left half
-- way) does not count, as in GoTrue. The token's `aal` claim says whether this
-- session passed it. The factor list is read live, not taken from the token:
-- a factor enrolled on another device binds every older session at once.
--
-- SECURITY DEFINER because the API roles cannot read the auth schema; the
-- search_path is empty so nothing the caller sets redirects the names.

create or replace function public.is_editor() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  subject text := claims ->> 'sub';
begin
  -- Only JSON `true` counts: a string such as "yes" is not an editor.
  if coalesce(claims -> 'app_metadata' -> 'editor' = 'true'::jsonb, false) is not true then
    return false;
  end if;
  if claims ->> 'aal' in ('aal2', 'aal3') then
    return true;
  end if;
  -- A token without a user id in uuid form has no factors to look up; a malformed
  -- one must not make the check itself fail.
  if subject is null
     or subject !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return true;
  end if;
  return not exists (
    select 1 from auth.mfa_factors f
    where f.user_id = subject::uuid and f.status = 'verified'
  );
end
$$;
comment on function public.is_editor() is
  'True when the request''s JWT has app_metadata.editor = true (an account an administrator made an editor) '
  'and, for an account with a verified second factor, the session passed it (aal2).';

grant execute on function public.is_editor() to anon, authenticated, service_role;
