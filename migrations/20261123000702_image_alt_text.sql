-- Alt text for the site's photos (accessibility and search): one per
-- portfolio photo, in the order of `images`, and one each for the hero
-- background and the about image. Null or empty means "use the default"
-- (the project title, the hero title, the about title), which the site
-- fills in itself, so existing rows need no value.

alter table public.portfolio_items
  add column image_alts text[] not null default '{}',
  add constraint portfolio_items_image_alts_no_nulls check (array_position(image_alts, null) is null),
  add constraint portfolio_items_image_alts_count check (cardinality(image_alts) <= 100);

alter table public.hero_content
  add column background_image_alt text,
  add constraint hero_content_background_image_alt_length check (char_length(background_image_alt) <= 300);

alter table public.about_content
  add column image_alt text,
  add constraint about_content_image_alt_length check (char_length(image_alt) <= 300);

comment on column public.portfolio_items.image_alts is
  'Alt text of each photo, in the order of images; an empty or missing entry means the project title.';
comment on column public.hero_content.background_image_alt is 'Alt text of the background photo; empty means the hero title.';
comment on column public.about_content.image_alt is 'Alt text of the about photo; empty means the section title.';
