-- Site texts get drafts, publishing and restoring like the other content rows: the
-- drafts' check and the two functions that name the content tables accept site_texts
-- (their bodies are otherwise those of 20261126001201_content_drafts.sql).

alter table public.content_drafts drop constraint content_drafts_table_name_check;
alter table public.content_drafts add constraint content_drafts_table_name_check
  check (table_name in (
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings', 'site_texts'));

create or replace function public.put_content_row(target text, target_id uuid, data jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  cols text[];
  sets text;
  names text;
  found_row boolean;
  result jsonb;
begin
  if target is null or target not in (
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings', 'site_texts'
  ) then
    raise exception 'unknown content table %', target
      using errcode = '22023', hint = 'One of hero_content, services, portfolio_items, testimonials, about_content, contact_info, site_settings, site_texts.';
  end if;
  if target_id is null or data is null or jsonb_typeof(data) <> 'object' then
    raise exception 'a row id and an object of values are required' using errcode = '22023';
  end if;

  select array_agg(a.attname::text order by a.attnum) into cols
    from pg_catalog.pg_attribute a
   where a.attrelid = format('public.%I', target)::regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and data ? a.attname::text;

  execute format('select exists (select 1 from public.%I where id = $1)', target) using target_id into found_row;
  if found_row then
    select string_agg(format('%I = v.%I', c, c), ', ') into sets
      from unnest(cols) as c
     where c not in ('id', 'created_at', 'updated_at', 'sort_order');
    if sets is null then
      execute format('select to_jsonb(t) from public.%I t where id = $1', target) using target_id into result;
      return result;
    end if;
    execute format(
      'update public.%I as t set %s from jsonb_populate_record(null::public.%I, $2) as v where t.id = $1 returning to_jsonb(t)',
      target, sets, target)
      using target_id, data into result;
  else
    select string_agg(format('%I', c), ', ') into names
      from unnest(cols) as c
     where c not in ('id', 'updated_at');
    execute format(
      'insert into public.%I as t (id%s) select $1%s from jsonb_populate_record(null::public.%I, $2) as v returning to_jsonb(t)',
      target,
      coalesce(', ' || names, ''),
      coalesce(', ' || (select string_agg(format('v.%I', c), ', ') from unnest(cols) as c where c not in ('id', 'updated_at')), ''),
      target)
      using target_id, data into result;
  end if;
  if result is null then
    -- The policies let the caller see the row but not change it.
    raise exception 'not allowed to change this content' using errcode = '42501';
  end if;
  return result;
end
$$;

create or replace function public.recently_deleted_content(target text)
returns setof public.content_revisions
language plpgsql stable
security invoker
set search_path = ''
as $$
begin
  if target is null or target not in (
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings', 'site_texts'
  ) then
    raise exception 'unknown content table %', target using errcode = '22023';
  end if;
  return query execute format(
    'select r.* from public.content_revisions r
      where r.table_name = $1 and r.action = ''delete''
        and r.changed_at >= clock_timestamp() - public.content_restore_window()
        and r.id = (select max(l.id) from public.content_revisions l
                     where l.table_name = r.table_name and l.row_id = r.row_id)
        and not exists (select 1 from public.%I t where t.id = r.row_id)
      order by r.changed_at desc, r.id desc', target)
    using target;
end
$$;
