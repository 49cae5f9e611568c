-- The admin's media library in one read: every file of the `site-media`
-- bucket with its size, type and date, and where the site's content still
-- uses it (so deleting it can warn first). A file is "used" when a content
-- field ends with its public path (`/site-media/<name>`), whether the field
-- holds the site-relative path or a full URL.
-- Security invoker: storage.objects' policies decide which files a caller
-- sees, and the content tables' policies which uses; only signed-in users may
-- call it at all.

create or replace function public.site_media_files()
returns table (name text, size bigint, mimetype text, created_at timestamptz, used_in text[])
language sql stable security invoker
set search_path = ''
as $$
  with files as (
    select o.name, o.metadata, o.created_at, '/site-media/' || o.name as suffix
    from storage.objects o
    where o.bucket_id = 'site-media'
  )
  select
    f.name,
    coalesce((f.metadata ->> 'size')::bigint, 0),
    coalesce(f.metadata ->> 'mimetype', ''),
    f.created_at,
    array(
      select use from (
        select 'Hero background' as use from public.hero_content h
          where right(h.background_image, length(f.suffix)) = f.suffix
        union all
        select 'About image' from public.about_content a
          where right(a.image_url, length(f.suffix)) = f.suffix
        union all
        select 'Portfolio: ' || p.title from public.portfolio_items p
          where right(p.image_url, length(f.suffix)) = f.suffix
             or exists (select 1 from unnest(p.images) i where right(i, length(f.suffix)) = f.suffix)
        union all
        select 'Testimonial: ' || t.name from public.testimonials t
          where right(t.avatar_url, length(f.suffix)) = f.suffix
        union all
        select 'Site logo' from public.site_settings s
          where right(s.logo_url, length(f.suffix)) = f.suffix
      ) uses
    )
  from files f
  order by f.created_at desc, f.name
$$;

comment on function public.site_media_files() is
  'Files of the site-media bucket, newest first, with the content that uses each (for the admin''s media library).';

revoke all on function public.site_media_files() from public;
grant execute on function public.site_media_files() to authenticated, service_role;
