-- A notes app: every signed-in user keeps private notes. Row-level security by
-- auth.uid() decides who sees what; the backend (roles, auth schema) is Pleat's.

create table public.notes (
  id         uuid primary key default gen_random_uuid(),
  user_id    uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body       text not null check (char_length(body) between 1 and 10000),
  created_at timestamptz not null default now()
);
create index notes_user_id_idx on public.notes (user_id, created_at desc);

alter table public.notes enable row level security;

grant select, insert, update, delete on public.notes to authenticated;
grant all on public.notes to service_role;

create policy "Users read their own notes" on public.notes
  for select to authenticated using (user_id = auth.uid());
create policy "Users write their own notes" on public.notes
  for insert to authenticated with check (user_id = auth.uid());
create policy "Users edit their own notes" on public.notes
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "Users delete their own notes" on public.notes
  for delete to authenticated using (user_id = auth.uid());
