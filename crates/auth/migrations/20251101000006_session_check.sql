-- Whether the session an access token names still exists: /rest/v1 refuses
-- tokens of signed-out sessions (Supabase accepts them until they expire).
-- SECURITY DEFINER so the request roles need no access to auth.sessions.
create or replace function auth.session_active(sid uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.sessions where id = sid)
$$;

revoke all on function auth.session_active(uuid) from public;
grant usage on schema auth to authenticator;
grant execute on function auth.session_active(uuid) to authenticator, anon, authenticated, service_role;
