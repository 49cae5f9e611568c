-- Whether the site has an editor account yet, for the sign-in screen: it shows how
-- to make the owner account (`pleat user add`) only while there is none. Answers a
-- single boolean and nothing else (no count, no address), so anyone may ask.
-- SECURITY DEFINER because the API roles cannot read auth.users.
create function public.has_editor_account() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.users
    where raw_app_meta_data -> 'editor' = 'true'::jsonb
  )
$$;
comment on function public.has_editor_account() is
  'True once an editor account exists (the sign-in screen hides its setup note then). Reveals nothing else.';

revoke execute on function public.has_editor_account() from public;
grant execute on function public.has_editor_account() to anon, authenticated, service_role;
