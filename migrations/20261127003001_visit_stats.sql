-- Visit statistics kept by the site itself: no cookie, no third party, nothing
-- about a person. What is stored is one row of counters per day, page and
-- referring domain:
--   views     page views
--   visits    views that started a visit (the first page a browser tab showed)
--   enquiries contact messages sent during a visit that started on this page
--             and came from this domain
-- The browser sends the page's path and only the domain of the page that
-- linked to it; the database keeps neither the address nor the user agent of
-- anyone, and turns anything it does not recognise into a fixed bucket, so an
-- arbitrary string never makes a new row. The rows per day are bounded: five
-- pages times at most 100 domains (plus the buckets).

create table site_private.visit_stats (
  day       date not null,
  -- One of the site's routes, or 'other' (a page the site does not have).
  path      text not null check (path in ('/', '/portfolio', '/terms', '/privacy', 'other')),
  -- The referring domain ('google.com'), '' when there was none (typed in,
  -- bookmarks, apps, a browser that withholds it), 'other' past the day's cap.
  source    text not null check (source in ('', 'other')
                                 or (source ~ '^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$'
                                     and length(source) <= 100)),
  views     integer not null default 0 check (views >= 0),
  visits    integer not null default 0 check (visits >= 0),
  enquiries integer not null default 0 check (enquiries >= 0),
  primary key (day, path, source)
);
comment on table site_private.visit_stats is
  'Daily counts of page views, visits and enquiries per page and referring domain; nothing per person.';

-- The statistics' day: a calendar day in UTC, the same for every replica.
create function site_private.stats_day() returns date
language sql stable
set search_path = ''
as $$ select (now() at time zone 'utc')::date $$;

-- A path as one of the site's routes: the query and fragment dropped, case and
-- a trailing slash ignored; anything else is 'other'.
create function site_private.stats_path(raw text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when raw is null or left(raw, 1) <> '/' then 'other'
    else coalesce(
      (select k.p from (values ('/'), ('/portfolio'), ('/terms'), ('/privacy')) k(p)
        where k.p = coalesce(nullif(rtrim(lower(split_part(split_part(left(raw, 200), '?', 1), '#', 1)), '/'), ''), '/')),
      'other')
  end
$$;

-- A referring domain as stored: lower case, without a leading 'www.' and a
-- port; '' for none or the site's own host (a link inside the site); 'other'
-- when it is not shaped like a domain name (a URL, a path, a long string).
create function site_private.stats_source(raw text) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  domain text := lower(btrim(coalesce(left(raw, 300), '')));
  own text := lower(split_part(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'host', ''), ':', 1));
begin
  if domain = '' then
    return '';
  end if;
  domain := regexp_replace(domain, '^www\.', '');
  if length(domain) > 100
     or domain !~ '^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$' then
    return 'other';
  end if;
  if domain = regexp_replace(own, '^www\.', '') then
    return '';
  end if;
  return domain;
end
$$;

-- Counts one page view. One view per call, whoever calls (/rest/v1 makes one
-- call of a request, whatever its body holds); a row's counters stop at a
-- daily cap, and past 100 domains in a day further new domains are counted as
-- 'other', so a script calling it in a loop can skew a day's chart but never
-- grow the table beyond its bound. Days older than 400 are dropped when a
-- day's first rows are made.
create function public.record_page_view(page text, referrer_domain text default null, first_view boolean default false)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  row_cap constant integer := 100000;
  domain_cap constant integer := 100;
  today date := site_private.stats_day();
  at_path text := site_private.stats_path(page);
  from_domain text := site_private.stats_source(referrer_domain);
  made boolean;
begin
  -- A view is not worth a wait for the disk: the commit returns before its WAL
  -- is flushed, so a crash can lose the last moments' views, never corrupt
  -- what is kept (and the request's other work, if any, is a view too).
  perform set_config('synchronous_commit', 'off', true);

  if from_domain not in ('', 'other')
     and not exists (select 1 from site_private.visit_stats s where s.day = today and s.source = from_domain)
     and (select count(distinct s.source) from site_private.visit_stats s
           where s.day = today and s.source not in ('', 'other')) >= domain_cap then
    from_domain := 'other';
  end if;

  insert into site_private.visit_stats as s (day, path, source, views, visits)
  values (today, at_path, from_domain, 1, case when first_view then 1 else 0 end)
  on conflict (day, path, source) do update
    set views = least(s.views + 1, row_cap),
        visits = least(s.visits + excluded.visits, row_cap)
  returning (xmax = 0) into made;

  if made then
    delete from site_private.visit_stats s where s.day < today - 400;
  end if;
end
$$;
revoke all on function public.record_page_view(text, text, boolean) from public;
grant execute on function public.record_page_view(text, text, boolean) to anon, authenticated, service_role;
comment on function public.record_page_view(text, text, boolean) is
  'Counts one view of a page of the site (path), from a referring domain (only the domain); first_view marks the start of a visit.';

-- An enquiry is counted when a contact message is stored, for the visit it was
-- sent in: the form sends the visit's first page and referring domain in the
-- X-Site-Visit header ({"page": "/portfolio", "source": "google.com"}) of the
-- same request, never in the message. Counting here, not in a call of its
-- own, means enquiries cannot be made up beyond the messages the contact
-- form's budget lets through. A header that is absent (a visitor with Do Not
-- Track, another client) or unreadable counts nothing and never fails the send.
create function site_private.count_enquiry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  visit jsonb;
  sent bigint;
begin
  begin
    visit := (nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-site-visit')::jsonb;
  exception when others then
    return null;
  end;
  if visit is null or jsonb_typeof(visit) <> 'object' then
    return null;
  end if;
  select count(*) into sent from new_messages;
  insert into site_private.visit_stats as s (day, path, source, enquiries)
  values (site_private.stats_day(), site_private.stats_path(visit ->> 'page'),
          site_private.stats_source(visit ->> 'source'), least(sent, 1))
  on conflict (day, path, source) do update
    set enquiries = least(s.enquiries + excluded.enquiries, 100000);
  return null;
end
$$;
revoke all on function site_private.count_enquiry() from public;

create trigger contact_messages_count_enquiry
  after insert on public.contact_messages
  referencing new table as new_messages
  for each statement execute function site_private.count_enquiry();

-- What the admin's Statistics section shows, for editors and viewers: the
-- totals and the daily counts of the last `period_days` days (today
-- included) and of the same number of days before them, and the pages and the
-- referring domains of the period with their counts.
create function public.site_stats(period_days integer default 30) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  today date := site_private.stats_day();
  first_day date;
  previous_first date;
  result jsonb;
begin
  if not public.can_read_admin() and coalesce(current_setting('role', true), '') <> 'service_role' then
    raise exception 'Only editors and viewers can see the statistics.' using errcode = '42501';
  end if;
  if period_days is null or period_days < 1 or period_days > 366 then
    raise exception 'period_days must be between 1 and 366' using errcode = '22023';
  end if;
  first_day := today - (period_days - 1);
  previous_first := first_day - period_days;

  with days as (
    select d::date as day from generate_series(previous_first, today, interval '1 day') d
  ), per_day as (
    select days.day,
           coalesce(sum(s.views), 0)::bigint as views,
           coalesce(sum(s.visits), 0)::bigint as visits,
           coalesce(sum(s.enquiries), 0)::bigint as enquiries
      from days left join site_private.visit_stats s on s.day = days.day
     group by days.day
  ), period as (
    select s.*, s.day >= first_day as current
      from site_private.visit_stats s
     where s.day between previous_first and today
  ), by_source as (
    select source,
           sum(visits) filter (where current) as visits,
           sum(views) filter (where current) as views,
           sum(enquiries) filter (where current) as enquiries,
           coalesce(sum(visits) filter (where not current), 0) as previous_visits
      from period group by source
  ), by_page as (
    select path,
           sum(views) filter (where current) as views,
           sum(visits) filter (where current) as visits,
           sum(enquiries) filter (where current) as enquiries,
           coalesce(sum(views) filter (where not current), 0) as previous_views
      from period group by path
  )
  select jsonb_build_object(
    'today', today,
    'period_days', period_days,
    'daily', (select jsonb_agg(jsonb_build_object('day', day, 'views', views, 'visits', visits, 'enquiries', enquiries) order by day) from per_day),
    'current', (select jsonb_build_object('views', coalesce(sum(views), 0), 'visits', coalesce(sum(visits), 0), 'enquiries', coalesce(sum(enquiries), 0)) from per_day where day >= first_day),
    'previous', (select jsonb_build_object('views', coalesce(sum(views), 0), 'visits', coalesce(sum(visits), 0), 'enquiries', coalesce(sum(enquiries), 0)) from per_day where day < first_day),
    'sources', coalesce((select jsonb_agg(jsonb_build_object('source', source, 'visits', coalesce(visits, 0), 'views', coalesce(views, 0), 'enquiries', coalesce(enquiries, 0), 'previous_visits', previous_visits)
                          order by coalesce(visits, 0) desc, coalesce(enquiries, 0) desc, coalesce(views, 0) desc, source)
                         from (select * from by_source where coalesce(views, 0) + coalesce(enquiries, 0) > 0 order by coalesce(visits, 0) desc, coalesce(enquiries, 0) desc, coalesce(views, 0) desc, source limit 20) t), '[]'::jsonb),
    'pages', coalesce((select jsonb_agg(jsonb_build_object('path', path, 'views', coalesce(views, 0), 'visits', coalesce(visits, 0), 'enquiries', coalesce(enquiries, 0), 'previous_views', previous_views)
                        order by coalesce(views, 0) desc, path)
                       from by_page where coalesce(views, 0) + coalesce(enquiries, 0) > 0), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
revoke all on function public.site_stats(integer) from public;
grant execute on function public.site_stats(integer) to authenticated, service_role;
comment on function public.site_stats(integer) is
  'The site''s visit statistics for the admin (editors and viewers): totals and daily counts of the last period_days days and the period before, top pages and referring domains.';
