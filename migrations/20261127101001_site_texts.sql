-- What the site says in the owner's name, editable: the sections' eyebrows, headings and
-- intros, the reply promise, the About figures, the footer's services, the portfolio's
-- categories, the titles' suffix and the /portfolio description. One row; every default
-- is the spec's text, so a fresh site says exactly what it said before.
--
-- `confirmed_defaults` holds the keys of the admin's setup checklist items the owner
-- chose to keep as they are (a default claim, the business name): the checklist stops
-- asking about them.
--
-- Like the other content tables: everyone reads, editors write, viewers read in the
-- admin; every change is a revision, and a draft can be kept and published.

-- The shapes the jsonb columns must have, for their checks.
create function site_private.stats_shape_ok(v jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(v) is distinct from 'array' then false else
     jsonb_array_length(v) <= 8
     and not exists (
       select 1 from jsonb_array_elements(v) e
        where jsonb_typeof(e) <> 'object'
           or jsonb_typeof(e -> 'value') is distinct from 'string'
           or jsonb_typeof(e -> 'label') is distinct from 'string'
           or (e ->> 'value') !~ '[^[:space:]]' or (e ->> 'label') !~ '[^[:space:]]'
           or char_length(e ->> 'value') > 20 or char_length(e ->> 'label') > 60) end
$$;

create function site_private.names_shape_ok(v jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(v) is distinct from 'array' then false else
     jsonb_array_length(v) <= 20
     and not exists (
       select 1 from jsonb_array_elements(v) e
        where jsonb_typeof(e) <> 'string' or (e #>> '{}') !~ '[^[:space:]]' or char_length(e #>> '{}') > 80) end
$$;

-- Categories: one to twenty, each a lower-case slug (the value projects store and links
-- use) with a label; no value twice.
create function site_private.categories_shape_ok(v jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(v) is distinct from 'array' then false else
     jsonb_array_length(v) between 1 and 20
     and not exists (
       select 1 from jsonb_array_elements(v) e
        where jsonb_typeof(e) <> 'object'
           or jsonb_typeof(e -> 'value') is distinct from 'string'
           or jsonb_typeof(e -> 'label') is distinct from 'string'
           or (e ->> 'value') !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(e ->> 'value') > 40
           or (e ->> 'label') !~ '[^[:space:]]' or char_length(e ->> 'label') > 60)
     and (select count(distinct e ->> 'value') from jsonb_array_elements(v) e) = jsonb_array_length(v) end
$$;

create table public.site_texts (
  id                    uuid primary key default gen_random_uuid(),
  services_eyebrow      text not null default 'What we do',
  services_heading      text not null default 'Our Services',
  services_intro        text not null default 'From the first consultation to the final fitting, every piece is designed, measured and made to order for your home.',
  featured_eyebrow      text not null default 'Portfolio',
  featured_heading      text not null default 'Featured Projects',
  featured_intro        text not null default 'A few recent rooms we have dressed, from linen drapes to tailored sofa covers.',
  about_eyebrow         text not null default 'About us',
  testimonials_eyebrow  text not null default 'Testimonials',
  testimonials_heading  text not null default 'What Our Clients Say',
  testimonials_intro    text not null default 'Homeowners and businesses on working with us.',
  contact_eyebrow       text not null default 'Contact',
  contact_heading       text not null default 'Get Your Free Quote',
  contact_intro         text not null default 'Tell us about your windows or furniture and we will get back to you with ideas, fabrics and a quote.',
  -- Completes "We'll get back to you …" after a message is sent.
  reply_promise         text not null default 'within 24 hours',
  -- The About section's figures after the two counts: [{value, label}, …].
  about_stats           jsonb not null default
    '[{"value": "100%", "label": "Client Satisfaction"}, {"value": "5★", "label": "Average Rating"}]'::jsonb,
  -- False hides every About figure (the counts too).
  show_about_stats      boolean not null default true,
  -- The footer's service names; null follows the services list's titles.
  footer_services       jsonb,
  -- [{value, label}, …]: the categories a project can have, in the filter's order.
  portfolio_categories  jsonb not null default
    '[{"value": "curtains", "label": "Curtains"}, {"value": "blinds", "label": "Blinds"},
      {"value": "furniture-covers", "label": "Furniture Covers"}, {"value": "other", "label": "Other"}]'::jsonb,
  title_suffix          text not null default ' - Custom Curtains, Blinds & Furniture Covers',
  portfolio_description text not null default 'Curtains, blinds and furniture covers we have designed, made and fitted. Choose a category, then open a project to see every photo.',
  confirmed_defaults    text[] not null default '{}',
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now(),
  constraint site_texts_headings_not_blank check (
    services_heading ~ '[^[:space:]]' and featured_heading ~ '[^[:space:]]'
    and testimonials_heading ~ '[^[:space:]]' and contact_heading ~ '[^[:space:]]'),
  constraint site_texts_short_lengths check (
    greatest(char_length(services_eyebrow), char_length(services_heading), char_length(featured_eyebrow),
             char_length(featured_heading), char_length(about_eyebrow), char_length(testimonials_eyebrow),
             char_length(testimonials_heading), char_length(contact_eyebrow), char_length(contact_heading),
             char_length(reply_promise), char_length(title_suffix)) <= 120),
  constraint site_texts_long_lengths check (
    greatest(char_length(services_intro), char_length(featured_intro), char_length(testimonials_intro),
             char_length(contact_intro), char_length(portfolio_description)) <= 500),
  constraint site_texts_reply_promise_not_blank check (reply_promise ~ '[^[:space:]]'),
  constraint site_texts_about_stats_shape check (site_private.stats_shape_ok(about_stats)),
  constraint site_texts_footer_services_shape check (
    footer_services is null or site_private.names_shape_ok(footer_services)),
  constraint site_texts_portfolio_categories_shape check (site_private.categories_shape_ok(portfolio_categories)),
  constraint site_texts_confirmed_defaults_size check (cardinality(confirmed_defaults) <= 200)
);
comment on table public.site_texts is
  'What the site says in the owner''s name (headings, intros, claims, footer services, categories, title suffix); a single row.';

-- One row only: a second insert fails instead of leaving the site two versions to choose from.
create unique index site_texts_one_row on public.site_texts ((true));

insert into public.site_texts default values;

alter table public.site_texts enable row level security;
grant select on public.site_texts to anon;
grant select, insert, update, delete on public.site_texts to authenticated;
grant all on public.site_texts to service_role;
create policy "Anyone can read" on public.site_texts for select to anon, authenticated using (true);
create policy "Editors can insert" on public.site_texts for insert to authenticated
  with check ((select public.is_editor()));
create policy "Editors can update" on public.site_texts for update to authenticated
  using ((select public.is_editor())) with check ((select public.is_editor()));
create policy "Editors can delete" on public.site_texts for delete to authenticated
  using ((select public.is_editor()));
create policy "Service role has full access" on public.site_texts
  for all to service_role using (true) with check (true);

-- Versioned and recorded like the other content rows (20261126001100_content_revisions.sql).
create trigger stamp_version before update on public.site_texts
  for each row execute function public.stamp_content_version();
create trigger record_revision after insert or update or delete on public.site_texts
  for each row execute function public.record_content_revision();
create trigger purge_deleted_revisions after delete on public.site_texts
  for each statement execute function public.purge_deleted_content_after_delete();
insert into public.content_revisions (table_name, row_id, action, data, changed_at)
  select 'site_texts', r.id, 'insert', to_jsonb(r), r.updated_at from public.site_texts r;

-- "Keep as is" on a checklist item: adds its key to confirmed_defaults in one statement,
-- so two keys kept at once both stay (a whole-array save would lose one). As the caller:
-- the table's policies decide (editors only).
create function public.confirm_site_default(item text) returns text[]
language plpgsql volatile
security invoker
set search_path = ''
as $$
declare
  kept text[];
begin
  perform public.require_editor();
  if item is null or item !~ '^[a-z0-9:_-]{1,120}$' then
    raise exception 'a checklist key is required' using errcode = '22023',
      hint = 'Lower-case letters, digits, and : _ - (at most 120).';
  end if;
  update public.site_texts t
     set confirmed_defaults = case when item = any(t.confirmed_defaults) then t.confirmed_defaults
                                   else t.confirmed_defaults || item end
  returning t.confirmed_defaults into kept;
  if not found then
    insert into public.site_texts (confirmed_defaults) values (array[item]) returning confirmed_defaults into kept;
  end if;
  return kept;
end
$$;
comment on function public.confirm_site_default(text) is
  'Records that the owner keeps a setup checklist item (a default claim, the business name) as it is; editors only.';
revoke all on function public.confirm_site_default(text) from public;
grant execute on function public.confirm_site_default(text) to authenticated, service_role;
