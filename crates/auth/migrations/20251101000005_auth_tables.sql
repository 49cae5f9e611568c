-- The auth tables behind /auth/v1, shaped like GoTrue's so users exported from
-- Supabase map column for column. Only Pleat's owner connection touches them:
-- the API roles get nothing here (the schema's USAGE exists for auth.uid() & co).
-- Refresh tokens are stored as SHA-256 hashes only, never in plain text.

create table if not exists auth.users (
  id                 uuid primary key default gen_random_uuid(),
  aud                text not null default 'authenticated',
  role               text not null default 'authenticated',
  email              text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  phone              text,
  phone_confirmed_at timestamptz,
  confirmed_at       timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  last_sign_in_at    timestamptz,
  raw_app_meta_data  jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_anonymous       boolean not null default false,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  constraint users_email_lowercase check (email = lower(email)),
  constraint users_app_meta_data_object check (jsonb_typeof(raw_app_meta_data) = 'object'),
  constraint users_user_meta_data_object check (jsonb_typeof(raw_user_meta_data) = 'object')
);
comment on table auth.users is 'Accounts; emails are stored lower-case and unique.';
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;
create index if not exists users_created_at_idx on auth.users (created_at desc);

create table if not exists auth.identities (
  id              uuid primary key default gen_random_uuid(),
  provider_id     text not null,
  user_id         uuid not null references auth.users (id) on delete cascade,
  identity_data   jsonb not null default '{}',
  provider        text not null,
  last_sign_in_at timestamptz,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  email           text generated always as (lower(identity_data ->> 'email')) stored,
  constraint identities_provider_id_provider_key unique (provider_id, provider)
);
comment on table auth.identities is 'How a user signs in; Pleat only creates the "email" provider.';
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id           uuid primary key default gen_random_uuid(),
  user_id      uuid not null references auth.users (id) on delete cascade,
  aal          text not null default 'aal1',
  amr_method   text not null default 'password',
  user_agent   text,
  ip           inet,
  refreshed_at timestamptz,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);
comment on table auth.sessions is 'One row per signed-in device; deleting it ends the session and its refresh tokens.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id         uuid primary key default gen_random_uuid(),
  token_hash bytea not null,
  user_id    uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent     uuid references auth.refresh_tokens (id) on delete cascade,
  revoked    boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint refresh_tokens_token_hash_length check (octet_length(token_hash) = 32),
  constraint refresh_tokens_token_hash_key unique (token_hash)
);
comment on table auth.refresh_tokens is 'Rotating refresh tokens (SHA-256 of the token); parent links each to the one it replaced.';
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
-- Rotation keeps exactly one live token per session; this makes a double issue impossible.
create unique index if not exists refresh_tokens_one_live_per_session
  on auth.refresh_tokens (session_id) where not revoked;

revoke all on auth.users, auth.identities, auth.sessions, auth.refresh_tokens
  from public, anon, authenticated, service_role;
