-- The admin, live: new enquiries reach the inbox as they arrive, and editors
-- who have the same section open see each other.
--
-- contact_messages joins the realtime publication; its policies already let
-- only editors read it, and realtime checks them per subscriber, so a visitor
-- subscribing gets nothing.
alter publication supabase_realtime add table public.contact_messages;

-- The editors' presence channel is private (`admin:editors`): only editors
-- may join it and say they are there, so a visitor with the anon key never
-- learns who edits the site.
create policy "Editors see who else is editing" on realtime.messages
  for select to authenticated
  using (realtime.topic() = 'admin:editors' and (select public.is_editor()));
create policy "Editors say where they are editing" on realtime.messages
  for insert to authenticated
  with check (realtime.topic() = 'admin:editors' and extension = 'presence' and (select public.is_editor()));
