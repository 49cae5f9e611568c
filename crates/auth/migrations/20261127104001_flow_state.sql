-- PKCE for mailed links (supabase-js `flowType: 'pkce'`), after GoTrue's
-- auth.flow_state: a request that mails a link (sign-up, recovery, magic
-- link, email change, resend) with a code_challenge stores it here for the
-- account; following the link issues a one-time auth code instead of a
-- session, and `POST /token?grant_type=pkce` exchanges the code with the
-- verifier that matches the challenge. Only SHA-256 of the auth code is
-- kept, so reading this table gives no usable code.

create table auth.flow_state (
  id                    uuid primary key default gen_random_uuid(),
  user_id               uuid not null references auth.users (id) on delete cascade,
  -- GoTrue's names: email/signup, recovery, magiclink, email_change.
  authentication_method text not null,
  provider_type         text not null,
  code_challenge        text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  auth_code_hash        bytea unique check (octet_length(auth_code_hash) = 32),
  auth_code_issued_at   timestamptz,
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now()
);
comment on table auth.flow_state is
  'PKCE flows of mailed links: the challenge, then SHA-256 of the auth code the link issued; single use.';
create index flow_state_user_method_idx on auth.flow_state (user_id, authentication_method, created_at);
create index flow_state_created_at_idx on auth.flow_state (created_at);

revoke all on auth.flow_state from public, anon, authenticated, service_role;
