-- A project's category is one of the owner's categories (site_texts.portfolio_categories)
-- rather than one of four fixed ones, and a category still used by a project cannot be
-- removed from the list: the projects would show a category the site no longer names.
-- Both sides take the site_texts row's lock, so a project saved with a category while
-- that category is being removed waits and then sees the outcome.

alter table public.portfolio_items drop constraint portfolio_items_category_known;

-- Security definer: locking the row (FOR SHARE) needs the right to update it, which a
-- visitor's read does not, and the writer here is an editor saving a project.
create function site_private.check_portfolio_category() returns trigger
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  categories jsonb;
begin
  select t.portfolio_categories into categories from public.site_texts t limit 1 for share;
  categories := coalesce(categories,
    '[{"value": "curtains"}, {"value": "blinds"}, {"value": "furniture-covers"}, {"value": "other"}]'::jsonb);
  if not exists (select 1 from jsonb_array_elements(categories) e where e ->> 'value' = new.category) then
    raise exception 'the category "%" is not one of the portfolio''s categories', new.category
      using errcode = '23514',
            constraint = 'portfolio_items_category_known',
            hint = 'Use one of: ' || (select string_agg(e ->> 'value', ', ') from jsonb_array_elements(categories) e)
                   || ', or add it under Site Texts first.';
  end if;
  return new;
end
$$;
revoke all on function site_private.check_portfolio_category() from public;

create trigger category_known before insert or update of category on public.portfolio_items
  for each row execute function site_private.check_portfolio_category();

-- Refuses a list that leaves out a category some project still has, naming it and how
-- many projects use it.
create function site_private.keep_used_categories() returns trigger
language plpgsql volatile
security definer
set search_path = ''
as $$
declare
  missing text;
  label text;
  used integer;
begin
  select p.category, count(*) into missing, used
    from public.portfolio_items p
   where not exists (select 1 from jsonb_array_elements(new.portfolio_categories) e where e ->> 'value' = p.category)
   group by p.category
   order by p.category
   limit 1;
  if missing is not null then
    select e ->> 'label' into label from jsonb_array_elements(old.portfolio_categories) e where e ->> 'value' = missing;
    raise exception 'the category "%" is still used by % %', coalesce(label, missing), used,
      case when used = 1 then 'project' else 'projects' end
      using errcode = '23514',
            detail = format('Category value: %s.', missing),
            hint = 'Move those projects to another category first, then remove it.';
  end if;
  return new;
end
$$;
revoke all on function site_private.keep_used_categories() from public;

create trigger keep_used_categories before update of portfolio_categories on public.site_texts
  for each row execute function site_private.keep_used_categories();
