-- Who may edit the site: an editor, not merely anyone signed in. With public
-- signup enabled, "authenticated" would be any stranger with an account; an
-- editor is an account whose JWT carries `app_metadata.editor = true`, which
-- only an administrator can set (accounts made by `pleat user add`,
-- PLEAT_ADMIN_EMAIL or the admin API get it; self sign-ups never do).
-- Reading public content stays open to everyone; writing it, and reading or
-- deleting contact messages, needs an editor.

-- Only JSON `true` counts: a string such as "yes" is not an editor, and a
-- malformed value can never make the check itself fail.
create or replace function public.is_editor() returns boolean
language sql stable security invoker
set search_path = ''
as $$
  select coalesce(auth.jwt() -> 'app_metadata' -> 'editor' = 'true'::jsonb, false)
$$;
comment on function public.is_editor() is
  'True when the request''s JWT has app_metadata.editor = true (an account an administrator made an editor).';

grant execute on function public.is_editor() to anon, authenticated, service_role;

-- The policies call it as `(select public.is_editor())` so that PostgreSQL
-- evaluates it once per statement rather than once per row.
do $$
declare
  t text;
begin
  foreach t in array array[
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings'
  ]
  loop
    execute format('drop policy if exists "Signed-in users can insert" on public.%I', t);
    execute format('drop policy if exists "Signed-in users can update" on public.%I', t);
    execute format('drop policy if exists "Signed-in users can delete" on public.%I', t);

    execute format(
      'create policy "Editors can insert" on public.%I for insert to authenticated
         with check ((select public.is_editor()))', t);
    execute format(
      'create policy "Editors can update" on public.%I for update to authenticated
         using ((select public.is_editor())) with check ((select public.is_editor()))', t);
    execute format(
      'create policy "Editors can delete" on public.%I for delete to authenticated
         using ((select public.is_editor()))', t);
  end loop;
end
$$;

drop policy if exists "Signed-in users can read messages" on public.contact_messages;
drop policy if exists "Signed-in users can delete messages" on public.contact_messages;

create policy "Editors can read messages" on public.contact_messages
  for select to authenticated using ((select public.is_editor()));
create policy "Editors can delete messages" on public.contact_messages
  for delete to authenticated using ((select public.is_editor()));

comment on table public.contact_messages is
  'Contact form submissions: visitors insert (one at a time, rate-limited), editors read and delete.';
