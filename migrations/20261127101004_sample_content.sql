-- The testimonials and projects a fresh install ships are samples (invented customers,
-- illustrated rooms): the admin marks them so the owner knows to replace them, and the
-- setup checklist lists the ones still live. Saving an edit of such a row makes it the
-- owner's own: the mark goes. Reordering it or (un)featuring it is no edit of its words.

alter table public.testimonials add column is_sample boolean not null default false;
alter table public.portfolio_items add column is_sample boolean not null default false;
comment on column public.testimonials.is_sample is 'A sample the install shipped; cleared when the row is edited.';
comment on column public.portfolio_items.is_sample is 'A sample the install shipped; cleared when the row is edited.';

-- The shipped rows, as the seed wrote them (20251101000004_seed.sql); rows an owner
-- changed since, or added, stay unmarked. Marking is no edit: no revision, no new version.
alter table public.testimonials disable trigger user;
alter table public.portfolio_items disable trigger user;
update public.testimonials
   set is_sample = true
 where avatar_url is null
   and (name, coalesce(role, '')) in (('Sarah Mitchell', 'Homeowner'), ('James Okafor', 'Restaurant owner'), ('Elena Rossi', ''));
update public.portfolio_items
   set is_sample = true
 where image_url like '/images/portfolio/%'
   and title in ('Living Room Linen Drapes', 'Bedroom Blackout Curtains', 'Kitchen Roller Blinds',
                 'Study Roman Blinds', 'Velvet Sofa & Armchair Covers', 'Bay Window Seat & Cushions');
alter table public.testimonials enable trigger user;
alter table public.portfolio_items enable trigger user;

create function site_private.clear_sample_mark() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  unchanged constant text[] := array['is_sample', 'updated_at', 'sort_order', 'featured'];
begin
  if old.is_sample and new.is_sample
     and (to_jsonb(new) - unchanged) is distinct from (to_jsonb(old) - unchanged) then
    new.is_sample := false;
  end if;
  return new;
end
$$;
revoke all on function site_private.clear_sample_mark() from public;

create trigger clear_sample_mark before update on public.testimonials
  for each row execute function site_private.clear_sample_mark();
create trigger clear_sample_mark before update on public.portfolio_items
  for each row execute function site_private.clear_sample_mark();
