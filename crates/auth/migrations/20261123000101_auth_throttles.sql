-- Brute-force limits kept in PostgreSQL, so every pleat on this database
-- shares one budget and a restart of pleat forgets nothing (issue 10, finding 6).
-- UNLOGGED: a sign-in writes no WAL for them; a PostgreSQL crash empties them
-- (a clean restart keeps them), which only forgives what was counted.
-- Keys are SHA-256 digests of what they count (an address, an account, an
-- account at an address), so no email address is stored here.
-- Only Pleat's owner connection uses them; expired rows are deleted lazily.

create unlogged table if not exists auth.rate_limits (
  key bytea primary key,
  -- GCRA's theoretical arrival time: the bucket is full again once tat <= now().
  tat timestamptz not null
);
comment on table auth.rate_limits is 'Request rate per client address (/token, /signup); rows idle once tat has passed.';
create index if not exists rate_limits_tat_idx on auth.rate_limits (tat);

create unlogged table if not exists auth.sign_in_failures (
  key             bytea primary key,
  -- Attempts not (yet) proven right: counted before the password is checked,
  -- taken back when it was right.
  failures        integer not null default 0,
  last_failure_at timestamptz,
  -- For an account-at-an-address key: that account signed in from there.
  known_until     timestamptz,
  expires_at      timestamptz not null
);
comment on table auth.sign_in_failures is 'Failed password counters per account at an address, per address and per account.';
create index if not exists sign_in_failures_expires_at_idx on auth.sign_in_failures (expires_at);

-- Take one request from a GCRA bucket (a token bucket kept as one timestamp):
-- `burst` requests at once, then one per `interval_secs`. Returns 0 when taken,
-- else the seconds until one is there.
create or replace function auth.rate_limit_take(p_key bytea, p_interval_secs float8, p_burst integer)
returns float8
language plpgsql
set search_path = ''
as $$
declare
  step      interval := make_interval(secs => p_interval_secs);
  tolerance interval := make_interval(secs => p_interval_secs * greatest(p_burst - 1, 0));
  next_at   timestamptz;
begin
  insert into auth.rate_limits as r (key, tat) values (p_key, now() + step)
  on conflict (key) do update set tat = greatest(r.tat, now()) + step
    where greatest(r.tat, now()) <= now() + tolerance;
  if found then
    return 0;
  end if;
  select tat into next_at from auth.rate_limits where key = p_key;
  return greatest(extract(epoch from next_at - now() - tolerance)::float8, 0.001);
end
$$;

-- Whether a password may be checked now, counting the attempt if so. Three
-- counters: the account at this address, this address, and (unless the
-- account has signed in from this address before) the account everywhere.
-- Each allows `free` attempts, then one per growing delay since its last
-- attempt: base * 2^(attempts - free), at most `max`. A counter is forgotten
-- `memory_secs` after its last attempt. Returns 0 when the attempt may go
-- ahead (and was counted), else the seconds to wait (and nothing was counted).
-- Arrays are in the order pair, address, account.
create or replace function auth.sign_in_attempt(
  p_keys bytea[], p_free integer[], p_base_secs float8[], p_max_secs float8[], p_memory_secs float8
)
returns float8
language plpgsql
set search_path = ''
as $$
declare
  memory interval := make_interval(secs => p_memory_secs);
  known  boolean;
  wait   float8 := 0;
  rec    auth.sign_in_failures;
  n      integer;
begin
  insert into auth.sign_in_failures (key, expires_at)
    select k, now() + memory from unnest(p_keys) k order by k
  on conflict (key) do nothing;
  -- One lock order for every caller, so concurrent attempts cannot deadlock.
  perform 1 from auth.sign_in_failures where key = any(p_keys) order by key for update;
  select coalesce(known_until > now(), false) into known from auth.sign_in_failures where key = p_keys[1];
  for i in 1 .. array_length(p_keys, 1) loop
    continue when i = 3 and known;
    select * into rec from auth.sign_in_failures where key = p_keys[i];
    n := case when rec.last_failure_at is null or rec.last_failure_at < now() - memory then 0 else rec.failures end;
    if n >= p_free[i] then
      wait := greatest(wait,
        least(p_max_secs[i], p_base_secs[i] * power(2, least(n - p_free[i], 30)))
        - extract(epoch from now() - rec.last_failure_at)::float8);
    end if;
  end loop;
  if wait > 0 then
    return wait;
  end if;
  update auth.sign_in_failures f set
    failures = case when f.last_failure_at is null or f.last_failure_at < now() - memory then 1 else f.failures + 1 end,
    last_failure_at = now(),
    expires_at = greatest(now() + memory, f.known_until)
  where f.key = any(p_keys);
  return 0;
end
$$;

revoke all on auth.rate_limits, auth.sign_in_failures from public, anon, authenticated, service_role;
revoke all on function auth.rate_limit_take(bytea, float8, integer) from public;
revoke all on function auth.sign_in_attempt(bytea[], integer[], float8[], float8[], float8) from public;
