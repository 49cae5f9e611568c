-- The point of each photo that matters most (a face, a pattern, the curtain's
-- header), set by the owner, so a photo cropped to a card, a thumbnail or the
-- full-screen hero keeps that point in view instead of always its centre.
--
-- A focal point is written 'X Y': whole percentages from the photo's left and top
-- edges (0-100), as CSS object-position reads them. Empty (or null for the hero)
-- means the centre, so existing rows need no value. The tables' policies already
-- let visitors read every column and only editors change one.

create function public.is_focal_point(point text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select point = '' or point ~ '^(100|[1-9]?[0-9]) (100|[1-9]?[0-9])$'
$$;

comment on function public.is_focal_point(text) is
  'True for a focal point written ''X Y'' (whole percentages 0-100) or empty (the centre).';

-- Each element checked (a check constraint cannot hold a subquery; a function can).
create function public.are_focal_points(points text[]) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(public.is_focal_point(p)), true) from unnest(points) as p
$$;

alter table public.portfolio_items
  add column image_focus text[] not null default '{}',
  add constraint portfolio_items_image_focus_no_nulls check (array_position(image_focus, null) is null),
  add constraint portfolio_items_image_focus_count check (cardinality(image_focus) <= 100),
  add constraint portfolio_items_image_focus_valid check (public.are_focal_points(image_focus));

alter table public.hero_content
  add column background_focus text,
  add constraint hero_content_background_focus_valid check (public.is_focal_point(background_focus));

comment on column public.portfolio_items.image_focus is
  'Focal point of each photo (''X Y'', percent from the left and the top), in the order of images; empty or missing means the centre.';
comment on column public.hero_content.background_focus is
  'Focal point of the background photo (''X Y'', percent from the left and the top); empty means the centre.';
