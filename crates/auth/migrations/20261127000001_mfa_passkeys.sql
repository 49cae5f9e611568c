-- Multi-factor authentication, passkeys and reauthentication (issue 26), in
-- GoTrue's tables and names so that users exported from Supabase map column
-- for column. As every auth table, only Pleat's owner connection touches them.

create table if not exists auth.mfa_factors (
  id                           uuid primary key default gen_random_uuid(),
  user_id                      uuid not null references auth.users (id) on delete cascade,
  friendly_name                text,
  factor_type                  text not null check (factor_type in ('totp', 'webauthn', 'phone')),
  status                       text not null default 'unverified' check (status in ('unverified', 'verified')),
  created_at                   timestamptz not null default now(),
  updated_at                   timestamptz not null default now(),
  -- TOTP: the shared secret, sealed with a key derived from the JWT secret.
  secret                       text,
  phone                        text,
  last_challenged_at           timestamptz,
  web_authn_credential         jsonb,
  web_authn_aaguid             uuid,
  last_webauthn_challenge_data jsonb
);
comment on table auth.mfa_factors is 'Second factors a user enrolled (TOTP, WebAuthn); verified ones make aal2 reachable.';
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id                     uuid primary key default gen_random_uuid(),
  factor_id              uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at             timestamptz not null default now(),
  verified_at            timestamptz,
  ip_address             inet,
  otp_code               text,
  web_authn_session_data jsonb
);
comment on table auth.mfa_challenges is 'Challenges issued for a factor; one verification each.';
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);
create index if not exists mfa_challenges_created_at_idx on auth.mfa_challenges (created_at desc);

-- How each session authenticated (password, otp, totp, webauthn, passkey...):
-- the access token's `amr` claim, newest last; aal2 once a second factor is in.
create table if not exists auth.mfa_amr_claims (
  id                    uuid primary key default gen_random_uuid(),
  session_id            uuid not null references auth.sessions (id) on delete cascade,
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now(),
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'Authentication methods each session used, for the amr claim.';

alter table auth.sessions
  add column if not exists factor_id uuid references auth.mfa_factors (id) on delete set null;

-- Passkeys (first-factor WebAuthn credentials), as GoTrue stores them.
create table if not exists auth.webauthn_credentials (
  id               uuid primary key default gen_random_uuid(),
  user_id          uuid not null references auth.users (id) on delete cascade,
  credential_id    bytea not null,
  public_key       bytea not null,
  attestation_type text not null default '',
  aaguid           uuid,
  sign_count       bigint not null default 0,
  transports       jsonb not null default '[]'::jsonb,
  backup_eligible  boolean not null default false,
  backed_up        boolean not null default false,
  friendly_name    text not null default '',
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  last_used_at     timestamptz
);
comment on table auth.webauthn_credentials is 'Passkeys: WebAuthn credentials that sign a user in on their own.';
create unique index if not exists webauthn_credentials_credential_id_key
  on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table if not exists auth.webauthn_challenges (
  id             uuid primary key default gen_random_uuid(),
  user_id        uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data   jsonb not null,
  created_at     timestamptz not null default now(),
  expires_at     timestamptz not null
);
comment on table auth.webauthn_challenges is 'Passkey ceremonies in progress; each is used once and expires.';
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- Reauthentication: a nonce mailed to the user, kept as every emailed token.
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check check (token_type in
  ('confirmation_token', 'recovery_token', 'invite_token', 'magiclink_token',
   'email_change_token_current', 'email_change_token_new', 'reauthentication_token'));

revoke all on auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims,
  auth.webauthn_credentials, auth.webauthn_challenges
  from public, anon, authenticated, service_role;
