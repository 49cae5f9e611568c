-- Wrong guesses at mailed 6-digit codes (see pleat_auth::code_guesses). A
-- code survives a few wrong tries (failed_attempts, reset when a new code
-- replaces it); an account takes a bounded number of wrong codes per window
-- from all clients together (auth.code_failures, one row per wrong code).
-- Unlogged like the other throttles: a PostgreSQL crash only forgives what
-- was counted. No foreign key: rows outlive nothing, they expire after the
-- window and are deleted lazily.

alter table auth.one_time_tokens
  add column if not exists failed_attempts integer not null default 0;

create unlogged table if not exists auth.code_failures (
  user_id   uuid not null,
  failed_at timestamptz not null default now()
);
comment on table auth.code_failures is
  'One row per wrong mailed code for an account, counted per window across all clients.';
create index if not exists code_failures_user_idx on auth.code_failures (user_id, failed_at);
create index if not exists code_failures_failed_at_idx on auth.code_failures (failed_at);

revoke all on auth.code_failures from public, anon, authenticated, service_role;
