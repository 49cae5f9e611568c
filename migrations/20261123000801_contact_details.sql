-- The business's contact details become editable (admin "Contact Details"):
-- 1. opening_hours: the weekly form, an array of seven days Monday..Sunday,
--    each {"day": "Monday", "open": true, "opens": "09:00", "closes": "18:00"}.
--    NULL means the owner has not set the hours yet: the site shows the default
--    week (Mon-Fri 9-18, Sat 10-16, the spec's default) and the admin's checklist
--    asks for them. business_hours keeps the schema.org text form
--    ("Mo-Fr 09:00-18:00, Sa 10:00-16:00"), written by the editor from the week.
-- 2. hours_note: a free note shown under the hours ("Closed on public holidays").
-- 3. Limits and URL shapes for what the form writes. The checks are NOT VALID:
--    new writes are checked, rows an existing install already has are left alone.
-- 4. The seed's made-up details (a real-looking phone, address and social
--    profiles no screen could change) become obvious placeholders, only where a
--    row still holds exactly the seed's value.
-- Who may read and write is unchanged: everyone reads contact_info (it is shown
-- on every public page), editors write it (20261123000201_site_editors.sql).

alter table public.contact_info
  add column opening_hours jsonb,
  add column hours_note text;

alter table public.contact_info
  add constraint contact_info_opening_hours_week check (
    opening_hours is null
    or (jsonb_typeof(opening_hours) = 'array' and jsonb_array_length(opening_hours) = 7)
  ) not valid,
  add constraint contact_info_phone_length check (char_length(phone) <= 40) not valid,
  add constraint contact_info_email_shape check (
    email is null or email = '' or (char_length(email) <= 100 and email ~ '^[^[:space:]@]+@[^[:space:]@]+$')
  ) not valid,
  add constraint contact_info_address_length check (char_length(address) <= 300) not valid,
  add constraint contact_info_business_hours_length check (char_length(business_hours) <= 200) not valid,
  add constraint contact_info_hours_note_length check (char_length(hours_note) <= 300) not valid,
  add constraint contact_info_social_facebook_url check (
    social_facebook is null or social_facebook = ''
    or (char_length(social_facebook) <= 300 and social_facebook ~* '^https?://[^[:space:]/]+\.[^[:space:]]*$')
  ) not valid,
  add constraint contact_info_social_instagram_url check (
    social_instagram is null or social_instagram = ''
    or (char_length(social_instagram) <= 300 and social_instagram ~* '^https?://[^[:space:]/]+\.[^[:space:]]*$')
  ) not valid,
  add constraint contact_info_social_linkedin_url check (
    social_linkedin is null or social_linkedin = ''
    or (char_length(social_linkedin) <= 300 and social_linkedin ~* '^https?://[^[:space:]/]+\.[^[:space:]]*$')
  ) not valid;

comment on column public.contact_info.opening_hours is
  'Seven days Monday..Sunday: {day, open, opens, closes}; NULL until the owner sets the hours.';
comment on column public.contact_info.business_hours is
  'The opening hours in schema.org text form (Mo-Fr 09:00-18:00, ...), written from opening_hours.';
comment on column public.contact_info.hours_note is 'A note shown under the opening hours.';

update public.contact_info set phone = '+1 (000) 000-0000' where phone = '+1 (555) 014-2380';
update public.contact_info set email = 'hello@example.com' where email = 'hello@pleatinteriors.com';
update public.contact_info set address = '123 Example Street, Your City'
  where address = '48 Weaver Street, Suite 2, Portland, OR 97205';
update public.contact_info set social_facebook = 'https://www.facebook.com/example'
  where social_facebook = 'https://www.facebook.com/pleatinteriors';
update public.contact_info set social_instagram = 'https://www.instagram.com/example'
  where social_instagram = 'https://www.instagram.com/pleatinteriors';
update public.contact_info set social_linkedin = 'https://www.linkedin.com/company/example'
  where social_linkedin = 'https://www.linkedin.com/company/pleatinteriors';
