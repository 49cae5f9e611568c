-- set_sort_order(target, ids, loaded): saves an order only over the order the editor
-- was looking at. `loaded` is the list as the editor showed it before the move (the
-- ids in that order); when the stored list is no longer that list (another tab or a
-- script reordered it, added a row or deleted one) nothing is written and the call
-- fails with PT409 (HTTP 409), so the editor can say so and show the current order
-- instead of silently putting back its stale one.
--
-- "The same list" means the same ids, and their stored sort_order never decreasing
-- along `loaded`: rows that share a position may be shown in either order.
-- The two-argument set_sort_order stays for callers that do not know what they loaded.
create or replace function public.set_sort_order(target text, ids uuid[], loaded uuid[])
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  unchanged boolean;
begin
  if target not in ('services', 'portfolio_items', 'testimonials') then
    raise exception 'set_sort_order: unknown list %', target
      using errcode = '22023', hint = 'One of services, portfolio_items, testimonials.';
  end if;
  if loaded is null or array_position(loaded, null) is not null then
    raise exception 'set_sort_order: loaded must be a list of ids' using errcode = '22023';
  end if;
  -- Two guarded saves of one list run one after the other, and a row cannot be added or
  -- deleted between the check and the update (SHARE ROW EXCLUSIVE conflicts with itself
  -- and with every INSERT, UPDATE and DELETE). The caller needs UPDATE on the table, as
  -- for the update itself.
  execute format('lock table public.%I in share row exclusive mode', target);
  execute format(
    'select coalesce(bool_and(l.id is not null and t.id is not null
                              and t.sort_order >= coalesce(prev.sort_order, t.sort_order)), true)
       from unnest($1) with ordinality as l(id, position)
       full join public.%I as t on t.id = l.id
       left join lateral (
         select p.sort_order from unnest($1) with ordinality as lp(id, position)
           join public.%I as p on p.id = lp.id
          where lp.position = l.position - 1
       ) as prev on true',
    target, target)
  into unchanged
  using loaded;
  if not unchanged then
    raise exception 'The list was changed since it was loaded'
      using errcode = 'PT409',
            detail = format('%s was reordered, added to or deleted from by someone else.', target),
            hint = 'Read the list again and make the move on the current order.';
  end if;
  return public.set_sort_order(target, ids);
end
$$;
comment on function public.set_sort_order(text, uuid[], uuid[]) is
  'Orders services, portfolio_items or testimonials as listed, only if the stored order is still `loaded` (else PT409).';

revoke all on function public.set_sort_order(text, uuid[], uuid[]) from public;
grant execute on function public.set_sort_order(text, uuid[], uuid[]) to anon, authenticated, service_role;
