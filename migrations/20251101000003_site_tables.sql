-- The site's content tables (spec section 3) and who may touch them.
-- Visitors (anon) read content and may only add contact messages; any signed-in
-- user (authenticated) edits content and reads/deletes messages; service_role
-- does everything. Each GRANT below is paired with exactly the policies that
-- let it act on rows. No triggers: clients send updated_at themselves.
-- A not_blank check asks for one non-whitespace character; btrim() alone would
-- strip only spaces and let a value of tabs or newlines through.

create table public.hero_content (
  id                 uuid primary key default gen_random_uuid(),
  title              text not null default 'Transform Your Space',
  subtitle           text not null default 'Custom curtains, blinds and furniture covers crafted with precision',
  background_image   text not null default '/images/hero.svg',
  cta_text           text not null default 'View Our Work',
  cta_secondary_text text not null default 'Get Quote',
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  constraint hero_content_title_not_blank check (title ~ '[^[:space:]]'),
  constraint hero_content_title_length check (char_length(title) <= 200),
  constraint hero_content_subtitle_not_blank check (subtitle ~ '[^[:space:]]'),
  constraint hero_content_subtitle_length check (char_length(subtitle) <= 500),
  constraint hero_content_background_image_length check (char_length(background_image) <= 500),
  constraint hero_content_cta_text_length check (char_length(cta_text) <= 50),
  constraint hero_content_cta_secondary_text_length check (char_length(cta_secondary_text) <= 50)
);
comment on table public.hero_content is 'Landing page hero; a single row.';

create table public.services (
  id          uuid primary key default gen_random_uuid(),
  title       text not null,
  description text not null,
  icon        text not null default 'Home',
  featured    boolean not null default false,
  sort_order  integer not null default 0,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint services_title_not_blank check (title ~ '[^[:space:]]'),
  constraint services_description_not_blank check (description ~ '[^[:space:]]')
);
comment on table public.services is 'Service cards, listed by sort_order.';

create table public.portfolio_items (
  id          uuid primary key default gen_random_uuid(),
  title       text not null,
  category    text not null default 'curtains',
  description text,
  image_url   text not null,
  images      text[] not null default '{}',
  featured    boolean not null default false,
  sort_order  integer not null default 0,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint portfolio_items_title_not_blank check (title ~ '[^[:space:]]'),
  constraint portfolio_items_image_url_not_blank check (image_url ~ '[^[:space:]]'),
  constraint portfolio_items_category_known
    check (category in ('curtains', 'blinds', 'furniture-covers', 'other')),
  constraint portfolio_items_images_no_nulls check (array_position(images, null) is null)
);
comment on table public.portfolio_items is 'Projects; description is rich-text HTML, images lists the main image first.';

create table public.testimonials (
  id         uuid primary key default gen_random_uuid(),
  name       text not null,
  role       text,
  content    text not null,
  rating     integer not null default 5,
  avatar_url text,
  featured   boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint testimonials_name_not_blank check (name ~ '[^[:space:]]'),
  constraint testimonials_content_not_blank check (content ~ '[^[:space:]]'),
  constraint testimonials_rating_range check (rating between 1 and 5)
);
comment on table public.testimonials is 'Customer reviews, listed by sort_order.';

create table public.about_content (
  id                 uuid primary key default gen_random_uuid(),
  title              text not null,
  content            text not null,
  image_url          text,
  years_experience   integer not null default 0,
  projects_completed integer not null default 0,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  constraint about_content_title_not_blank check (title ~ '[^[:space:]]'),
  constraint about_content_content_not_blank check (content ~ '[^[:space:]]'),
  constraint about_content_years_experience_non_negative check (years_experience >= 0),
  constraint about_content_projects_completed_non_negative check (projects_completed >= 0)
);
comment on table public.about_content is 'About section; a single row.';

create table public.contact_info (
  id               uuid primary key default gen_random_uuid(),
  phone            text,
  email            text,
  address          text,
  business_hours   text,
  social_facebook  text,
  social_instagram text,
  social_linkedin  text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now()
);
comment on table public.contact_info is 'Business contact details; a single row.';

create table public.site_settings (
  id               uuid primary key default gen_random_uuid(),
  site_title       text not null default 'Pleat Interiors',
  site_description text,
  logo_url         text,
  primary_color    text not null default '#1e293b',
  secondary_color  text not null default '#f59e0b',
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  constraint site_settings_site_title_not_blank check (site_title ~ '[^[:space:]]'),
  constraint site_settings_primary_color_hex check (primary_color ~ '^#[0-9a-fA-F]{6}$'),
  constraint site_settings_secondary_color_hex check (secondary_color ~ '^#[0-9a-fA-F]{6}$')
);
comment on table public.site_settings is 'Global title, description, logo and colours; a single row.';

create table public.contact_messages (
  id             uuid primary key default gen_random_uuid(),
  first_name     text not null,
  last_name      text not null,
  email          text not null,
  phone          text,
  service_needed text,
  message        text not null,
  created_at     timestamptz not null default now(),
  constraint contact_messages_first_name_not_blank check (first_name ~ '[^[:space:]]'),
  constraint contact_messages_first_name_length check (char_length(first_name) <= 50),
  constraint contact_messages_last_name_not_blank check (last_name ~ '[^[:space:]]'),
  constraint contact_messages_last_name_length check (char_length(last_name) <= 50),
  constraint contact_messages_email_not_blank check (email ~ '[^[:space:]]'),
  constraint contact_messages_email_length check (char_length(email) <= 100),
  constraint contact_messages_email_shape check (email ~ '^[^[:space:]@]+@[^[:space:]@]+$'),
  constraint contact_messages_phone_length check (char_length(phone) <= 20),
  constraint contact_messages_service_needed_length check (char_length(service_needed) <= 50),
  constraint contact_messages_message_not_blank check (message ~ '[^[:space:]]'),
  constraint contact_messages_message_length check (char_length(message) <= 2000)
);
comment on table public.contact_messages is 'Contact form submissions: visitors insert, signed-in users read and delete.';

create index services_sort_order_idx on public.services (sort_order);
create index portfolio_items_sort_order_idx on public.portfolio_items (sort_order);
create index portfolio_items_featured_idx on public.portfolio_items (featured, sort_order);
create index testimonials_sort_order_idx on public.testimonials (sort_order);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

-- Content tables: everyone reads, signed-in users write.
do $$
declare
  t text;
begin
  foreach t in array array[
    'hero_content', 'services', 'portfolio_items', 'testimonials',
    'about_content', 'contact_info', 'site_settings'
  ]
  loop
    execute format('alter table public.%I enable row level security', t);

    execute format('grant select on public.%I to anon', t);
    execute format('grant select, insert, update, delete on public.%I to authenticated', t);
    execute format('grant all on public.%I to service_role', t);

    execute format(
      'create policy "Anyone can read" on public.%I for select to anon, authenticated using (true)', t);
    execute format(
      'create policy "Signed-in users can insert" on public.%I for insert to authenticated with check (true)', t);
    execute format(
      'create policy "Signed-in users can update" on public.%I for update to authenticated using (true) with check (true)', t);
    execute format(
      'create policy "Signed-in users can delete" on public.%I for delete to authenticated using (true)', t);
    -- service_role has BYPASSRLS; the policy keeps it working where the role
    -- could not be given that attribute (a non-superuser migrating an external database).
    execute format(
      'create policy "Service role has full access" on public.%I for all to service_role using (true) with check (true)', t);
  end loop;
end
$$;

-- Contact messages: visitors and signed-in users send; signed-in users read and delete; nobody edits.
alter table public.contact_messages enable row level security;

grant insert on public.contact_messages to anon;
grant select, insert, delete on public.contact_messages to authenticated;
grant all on public.contact_messages to service_role;

create policy "Anyone can send a message" on public.contact_messages
  for insert to anon, authenticated with check (true);
create policy "Signed-in users can read messages" on public.contact_messages
  for select to authenticated using (true);
create policy "Signed-in users can delete messages" on public.contact_messages
  for delete to authenticated using (true);
create policy "Service role has full access" on public.contact_messages
  for all to service_role using (true) with check (true);
