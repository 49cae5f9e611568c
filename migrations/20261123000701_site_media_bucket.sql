-- The owner's photos: one public bucket, `site-media`, for every image the
-- admin sets (hero, about, portfolio, testimonial avatars, logo).
-- Anyone may read (the public site shows them); only editors (see
-- public.is_editor() in 20261123000201_site_editors.sql) upload, replace and
-- delete. Only raster formats the site can show and the image transform can
-- read are accepted: no SVG (it could carry script), no HEIC and no AVIF (the
-- transform reads neither; the admin turns them into JPEG in the browser,
-- where the browser can read them).
-- 25 MB is far above a 12 MP phone photo (3 to 6 MB) and below PLEAT_MAX_UPLOAD.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'site-media', 'site-media', true, 26214400,
  array['image/jpeg', 'image/png', 'image/webp', 'image/gif']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Site media is readable by anyone" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'site-media');

create policy "Editors can upload site media" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'site-media' and (select public.is_editor()));

create policy "Editors can replace site media" on storage.objects
  for update to authenticated
  using (bucket_id = 'site-media' and (select public.is_editor()))
  with check (bucket_id = 'site-media' and (select public.is_editor()));

create policy "Editors can delete site media" on storage.objects
  for delete to authenticated
  using (bucket_id = 'site-media' and (select public.is_editor()));
