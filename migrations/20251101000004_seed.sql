-- Starting content so a fresh install shows a complete site. Every insert only
-- happens while its table is empty, so rows are never duplicated and content the
-- owner already has is left alone. Images are shipped with the site (frontend/public/images).

insert into public.hero_content (title, subtitle, background_image, cta_text, cta_secondary_text)
select 'Transform Your Space',
       'Custom curtains, blinds and furniture covers crafted with precision',
       '/images/hero.svg',
       'View Our Work',
       'Get Quote'
where not exists (select 1 from public.hero_content);

insert into public.about_content (title, content, image_url, years_experience, projects_completed)
select 'About Our Craft',
       'For over a decade we have been making soft furnishings the way they used to be made: measured in your home, cut by hand and sewn in our own workroom. Every pair of curtains, every blind and every loose cover is made to order for the window or piece of furniture it belongs to, from fabrics we help you choose in natural light. We handle the whole job, from the first consultation and precise measuring to fitting the tracks, poles and brackets, so the finished result hangs, folds and fits exactly as it should.',
       '/images/about.svg',
       12,
       850
where not exists (select 1 from public.about_content);

insert into public.contact_info (phone, email, address, business_hours, social_facebook, social_instagram, social_linkedin)
select '+1 (555) 014-2380',
       'hello@pleatinteriors.com',
       '48 Weaver Street, Suite 2, Portland, OR 97205',
       'Mo-Fr 09:00-18:00, Sa 10:00-16:00',
       'https://www.facebook.com/pleatinteriors',
       'https://www.instagram.com/pleatinteriors',
       'https://www.linkedin.com/company/pleatinteriors'
where not exists (select 1 from public.contact_info);

insert into public.site_settings (site_title, site_description, logo_url, primary_color, secondary_color)
select 'Pleat Interiors',
       'Made-to-measure curtains, blinds and furniture covers, designed with you and fitted in your home.',
       null,
       '#1e293b',
       '#f59e0b'
where not exists (select 1 from public.site_settings);

insert into public.services (title, description, icon, featured, sort_order)
select s.title, s.description, s.icon, s.featured, s.sort_order
from (values
  ('Custom Curtains',
   'Made-to-measure curtains and drapes in linen, velvet, sheer and blackout fabrics, with pinch pleat, wave or eyelet headings and fully lined finishes.',
   'Home', true, 0),
  ('Window Blinds',
   'Roller, Roman and Venetian blinds cut to the millimetre, with blackout, light-filtering and motorised options for every room.',
   'Sun', true, 1),
  ('Furniture Covers',
   'Tailored loose covers for sofas, armchairs and dining chairs that refresh tired furniture and come off for washing.',
   'Armchair', true, 2),
  ('Design Consultation',
   'An in-home session to choose fabrics, colours and styles that suit your space, your light and the way you live.',
   'Lightbulb', false, 3),
  ('Measurement & Installation',
   'Precise measuring before we cut, and careful fitting of tracks, poles and blinds when your order is ready.',
   'Scissors', false, 4)
) as s(title, description, icon, featured, sort_order)
where not exists (select 1 from public.services);

insert into public.portfolio_items (title, category, description, image_url, images, featured, sort_order)
select p.title, p.category, p.description, p.image_url, p.images, p.featured, p.sort_order
from (values
  ('Living Room Linen Drapes',
   'curtains',
   '<p>Floor-to-ceiling <strong>pinch pleat drapes</strong> in a stone-washed Belgian linen, paired with soft sheers for daytime privacy.</p><ul><li>Hand-finished double pinch pleats</li><li>Interlined for warmth and a fuller drape</li><li>Ceiling-mounted track with a gentle puddle at the floor</li></ul>',
   '/images/portfolio/living-room-curtains-1.svg',
   array['/images/portfolio/living-room-curtains-1.svg', '/images/portfolio/living-room-curtains-2.svg'],
   true, 0),
  ('Bedroom Blackout Curtains',
   'curtains',
   '<p>Deep navy velvet curtains with a <em>full blackout lining</em>, made for a south-facing bedroom that needed real darkness.</p><h3>Details</h3><ul><li>Wave heading on a silent glide track</li><li>Returns that wrap to the wall to stop light leaks</li></ul>',
   '/images/portfolio/bedroom-blackout-curtains-1.svg',
   array['/images/portfolio/bedroom-blackout-curtains-1.svg'],
   false, 1),
  ('Kitchen Roller Blinds',
   'blinds',
   '<p>Wipe-clean <strong>light-filtering roller blinds</strong> for a run of three kitchen windows, aligned to stop at exactly the same height.</p><ul><li>Moisture-resistant fabric</li><li>Child-safe chainless spring mechanism</li><li>Brushed brass bottom bars</li></ul>',
   '/images/portfolio/kitchen-roller-blinds-1.svg',
   array['/images/portfolio/kitchen-roller-blinds-1.svg', '/images/portfolio/kitchen-roller-blinds-2.svg'],
   true, 2),
  ('Study Roman Blinds',
   'blinds',
   '<p>Flat-fold <strong>Roman blinds</strong> in a woven herringbone, lined to soften glare on the screens without darkening the room.</p><p>Fitted inside the recess with a cordless lift.</p>',
   '/images/portfolio/study-roman-blinds-1.svg',
   array['/images/portfolio/study-roman-blinds-1.svg'],
   false, 3),
  ('Velvet Sofa & Armchair Covers',
   'furniture-covers',
   '<p>A family sofa and its matching armchair given a new life with <strong>tailored loose covers</strong> in a washable performance velvet.</p><h3>What we did</h3><ul><li>Patterns taken from the original frames</li><li>Piped seams and box-pleated skirts</li><li>Zipped cushion covers that come off for cleaning</li></ul><p><em>Colour: sage green.</em></p>',
   '/images/portfolio/furniture-covers-1.svg',
   array['/images/portfolio/furniture-covers-1.svg', '/images/portfolio/furniture-covers-2.svg'],
   true, 4),
  ('Bay Window Seat & Cushions',
   'other',
   '<p>A made-to-measure <strong>window seat pad</strong> and scatter cushions for a reading nook in a bay window.</p><ul><li>High-density foam wrapped in soft fibre</li><li>Contrast piping to match the curtains</li></ul>',
   '/images/portfolio/window-seat-1.svg',
   array['/images/portfolio/window-seat-1.svg'],
   true, 5)
) as p(title, category, description, image_url, images, featured, sort_order)
where not exists (select 1 from public.portfolio_items);

insert into public.testimonials (name, role, content, rating, avatar_url, featured, sort_order)
select t.name, t.role, t.content, t.rating, null, t.featured, t.sort_order
from (values
  ('Sarah Mitchell', 'Homeowner',
   'The linen drapes in our living room are exactly what I pictured, and the fitting team left the place spotless. Friends ask where we bought them every time they visit.',
   5, true, 0),
  ('James Okafor', 'Restaurant owner',
   'They made blinds for fourteen windows on a tight deadline and every one lines up perfectly. Professional from the first measure to the last bracket.',
   5, true, 1),
  ('Elena Rossi', null,
   'Our old sofa looks brand new with its velvet covers. It took a week longer than planned, but the quality was worth the wait.',
   4, false, 2)
) as t(name, role, content, rating, featured, sort_order)
where not exists (select 1 from public.testimonials);
