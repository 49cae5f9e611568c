-- Pleat as an OAuth 2.1 provider (GoTrue's OAuth server): third-party apps
-- registered as clients, the authorization requests they start with
-- /oauth/authorize, and what each user consented to. Everything lives here so
-- that every replica sees the same clients, codes and grants.

-- A registered app. Confidential clients authenticate at /oauth/token with a
-- secret that is kept only as its SHA-256; public ones (SPAs, native apps)
-- have none and must use PKCE with S256. A deleted client keeps its row
-- (deleted_at), as GoTrue keeps it, so ids are never reused.
create table if not exists auth.oauth_clients (
  id                          uuid primary key,
  client_secret_hash          bytea,
  client_name                 text,
  client_uri                  text,
  logo_uri                    text,
  redirect_uris               text[] not null,
  grant_types                 text[] not null,
  client_type                 text not null,
  token_endpoint_auth_method  text not null,
  registration_type           text not null,
  created_at                  timestamptz not null default now(),
  updated_at                  timestamptz not null default now(),
  deleted_at                  timestamptz,
  constraint oauth_clients_client_type check (client_type in ('public', 'confidential')),
  constraint oauth_clients_auth_method check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  constraint oauth_clients_registration_type check (registration_type in ('manual', 'dynamic')),
  constraint oauth_clients_secret check ((client_type = 'confidential') = (client_secret_hash is not null)),
  constraint oauth_clients_secret_length check (client_secret_hash is null or octet_length(client_secret_hash) = 32)
);
comment on table auth.oauth_clients is 'Apps that sign users in through this server (OAuth 2.1 clients); secrets kept as SHA-256.';
create index if not exists oauth_clients_created_at_idx on auth.oauth_clients (created_at desc) where deleted_at is null;

-- One /oauth/authorize request: pending until the signed-in user approves or
-- denies it on the consent page (its user is bound at the first look), then
-- approved with a one-time code (kept as its SHA-256) that /oauth/token
-- exchanges before expires_at; the exchange deletes the row.
create table if not exists auth.oauth_authorizations (
  id                     uuid primary key default gen_random_uuid(),
  authorization_id       text not null unique,
  client_id              uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id                uuid references auth.users (id) on delete cascade,
  redirect_uri           text not null,
  scope                  text not null,
  state                  text,
  nonce                  text,
  code_challenge         text not null,
  code_challenge_method  text not null,
  status                 text not null default 'pending',
  auth_code_hash         bytea unique,
  created_at             timestamptz not null default now(),
  expires_at             timestamptz not null,
  approved_at            timestamptz,
  constraint oauth_authorizations_status check (status in ('pending', 'approved', 'denied', 'expired')),
  constraint oauth_authorizations_challenge_method check (code_challenge_method in ('s256', 'plain')),
  constraint oauth_authorizations_code check ((status = 'approved') = (auth_code_hash is not null))
);
comment on table auth.oauth_authorizations is 'OAuth server authorization requests and their one-time codes (SHA-256).';
create index if not exists oauth_authorizations_expires_at_idx on auth.oauth_authorizations (expires_at);

-- What a user let an app do: the scopes, since when, and whether the user
-- took it back. One row per user and app; approving again widens it.
create table if not exists auth.oauth_consents (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null references auth.users (id) on delete cascade,
  client_id   uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes      text not null,
  granted_at  timestamptz not null default now(),
  revoked_at  timestamptz,
  constraint oauth_consents_user_client unique (user_id, client_id)
);
comment on table auth.oauth_consents is 'Grants users gave OAuth clients (scopes); revoked_at set when taken back.';

-- A session issued to an app records the app and the granted scopes: its
-- refreshes must come from that app, its tokens carry them, and revoking the
-- grant ends exactly these sessions.
alter table auth.sessions
  add column if not exists oauth_client_id uuid references auth.oauth_clients (id) on delete cascade,
  add column if not exists scopes text;
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id, user_id)
  where oauth_client_id is not null;

revoke all on auth.oauth_clients, auth.oauth_authorizations, auth.oauth_consents
  from public, anon, authenticated, service_role;
