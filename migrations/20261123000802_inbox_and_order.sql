-- The inbox's read state, and saving a new order of a list in one request.
--
-- contact_messages.read_at: when an editor read the message (NULL = unread).
-- Editors may change only that column; visitors never can: their insert grant
-- names the form's fields only (20261123000202_contact_message_limits.sql),
-- and anon has no update grant at all.

alter table public.contact_messages add column read_at timestamptz;
comment on column public.contact_messages.read_at is 'When an editor read the message; NULL while unread.';

grant update (read_at) on public.contact_messages to authenticated;

create policy "Editors can mark messages read" on public.contact_messages
  for update to authenticated
  using ((select public.is_editor())) with check ((select public.is_editor()));

-- set_sort_order(target, ids): gives the rows of one orderable list the
-- positions 0, 1, 2 ... in the order of `ids`, in one statement. SECURITY
-- INVOKER: it runs as the caller, so row-level security decides exactly as for
-- a PATCH (anon has no UPDATE grant and gets 42501; a signed-in non-editor's
-- update matches no row). The table comes from a fixed list, never from text
-- put into SQL.
create or replace function public.set_sort_order(target text, ids uuid[])
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  changed integer;
begin
  if target not in ('services', 'portfolio_items', 'testimonials') then
    raise exception 'set_sort_order: unknown list %', target
      using errcode = '22023', hint = 'One of services, portfolio_items, testimonials.';
  end if;
  if ids is null or array_position(ids, null) is not null then
    raise exception 'set_sort_order: ids must be a list of ids' using errcode = '22023';
  end if;
  if cardinality(ids) <> (select count(distinct i) from unnest(ids) as i) then
    raise exception 'set_sort_order: an id is listed twice' using errcode = '22023';
  end if;
  execute format(
    'update public.%I as t set sort_order = o.position - 1
       from unnest($1) with ordinality as o(id, position)
      where t.id = o.id and t.sort_order is distinct from o.position - 1',
    target)
  using ids;
  get diagnostics changed = row_count;
  return changed;
end
$$;
comment on function public.set_sort_order(text, uuid[]) is
  'Orders services, portfolio_items or testimonials as listed (sort_order 0, 1, 2 ...); RLS decides who may.';

revoke all on function public.set_sort_order(text, uuid[]) from public;
grant execute on function public.set_sort_order(text, uuid[]) to anon, authenticated, service_role;
