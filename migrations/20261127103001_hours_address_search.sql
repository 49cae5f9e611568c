-- Opening hours with breaks and holidays, the address in parts, and the search
-- details an owner sets (price range, site language).
--
-- 1. contact_info.opening_hours keeps its seven days Monday..Sunday; a day may now
--    hold several time spans: {"day", "open", "spans": [{"opens", "closes"}, ...]}.
--    A day written before ({"day", "open", "opens", "closes"}) is read as one span,
--    so existing rows stay valid and are not rewritten.
-- 2. contact_info.special_hours: dated exceptions (holidays), an array of
--    {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD", "closed": bool, "spans": [...],
--    "note": text}. NULL or [] is none.
-- 3. contact_info.address_*: the address in parts. `address` stays the one-line
--    form (written by the editor from the parts), so every reader of it keeps
--    working and a row with only the old text still shows it.
-- 4. site_settings.price_range and site_language: schema.org's priceRange and the
--    page's language (BCP 47: en, en-GB, fr-FR), defaults the spec's '$$' and 'en'.
-- Who may read and write is unchanged: everyone reads both tables, editors write.

alter table public.contact_info
  add column special_hours jsonb,
  add column address_street text,
  add column address_locality text,
  add column address_region text,
  add column address_postcode text,
  add column address_country text;

alter table public.contact_info
  add constraint contact_info_special_hours_list check (
    special_hours is null
    or (jsonb_typeof(special_hours) = 'array' and jsonb_array_length(special_hours) <= 60
        and char_length(special_hours::text) <= 20000)
  ),
  add constraint contact_info_address_street_length check (char_length(address_street) <= 200),
  add constraint contact_info_address_locality_length check (char_length(address_locality) <= 100),
  add constraint contact_info_address_region_length check (char_length(address_region) <= 100),
  add constraint contact_info_address_postcode_length check (char_length(address_postcode) <= 20),
  add constraint contact_info_address_country_length check (char_length(address_country) <= 100);

comment on column public.contact_info.opening_hours is
  'Seven days Monday..Sunday: {day, open, spans: [{opens, closes}]} (older rows: {day, open, opens, closes}); NULL until the owner sets the hours.';
comment on column public.contact_info.special_hours is
  'Dated exceptions to the week: [{from, to, closed, spans: [{opens, closes}], note}].';
comment on column public.contact_info.address is
  'The address on one line, written from the address_* parts (older rows: typed as one text).';

alter table public.site_settings
  add column price_range text not null default '$$'
    constraint site_settings_price_range_length check (char_length(price_range) <= 30),
  add column site_language text not null default 'en'
    constraint site_settings_site_language_tag check (
      site_language ~ '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' and char_length(site_language) <= 35);
comment on column public.site_settings.price_range is
  'schema.org priceRange of the business ($$, or a range such as "£50-£500"); empty hides it.';
comment on column public.site_settings.site_language is
  'The site''s language as a BCP 47 tag (en, en-GB, fr-FR): <html lang>, og:locale.';
