-- A fresh site's footer lists the spec's four services, as it always has; the owner can
-- switch it to follow the services list (footer_services NULL) or set their own names.
-- The setup checklist lists the four while they are still live. The row and its first
-- recorded version change together (triggers off), so restoring that version keeps them.
alter table public.site_texts
  alter column footer_services
  set default '["Custom Curtains", "Window Blinds", "Furniture Covers", "Design Consultation"]'::jsonb;

alter table public.site_texts disable trigger user;
update public.site_texts
  set footer_services = '["Custom Curtains", "Window Blinds", "Furniture Covers", "Design Consultation"]'::jsonb
  where footer_services is null and updated_at = created_at;
alter table public.site_texts enable trigger user;

update public.content_revisions r
  set data = jsonb_set(r.data, '{footer_services}', s.footer_services)
  from public.site_texts s
  where r.table_name = 'site_texts' and r.row_id = s.id and r.action = 'insert'
    and r.data -> 'footer_services' = 'null'::jsonb
    and s.footer_services is not null;
