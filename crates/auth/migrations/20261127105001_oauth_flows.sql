-- Sign-ins through an external OAuth/OIDC provider (Google, GitHub, …). A row
-- is made by /authorize and its id is the `state` the provider hands back to
-- /callback, so every replica finds it; an unknown, used or expired state is
-- refused. The row also carries what the callback must check (the nonce and
-- the PKCE verifier sent to the provider) and, for an app using PKCE itself,
-- its code_challenge and later the one-time auth_code `/token?grant_type=pkce`
-- takes. The provider's tokens wait here only between the callback and that
-- exchange; the row is deleted by it.
create table if not exists auth.oauth_flows (
  id                     uuid primary key,
  provider               text not null,
  referrer               text not null,
  nonce                  text not null,
  provider_code_verifier text,
  code_challenge         text,
  code_challenge_method  text check (code_challenge_method in ('s256', 'plain')),
  linking_user_id        uuid references auth.users (id) on delete cascade,
  user_id                uuid references auth.users (id) on delete cascade,
  auth_code              uuid unique,
  auth_code_issued_at    timestamptz,
  provider_access_token  text,
  provider_refresh_token text,
  created_at             timestamptz not null default now(),
  constraint oauth_flows_challenge_pair check ((code_challenge is null) = (code_challenge_method is null))
);
comment on table auth.oauth_flows is 'External provider sign-ins in progress: the state of /authorize, the PKCE auth code of /callback.';
create index if not exists oauth_flows_created_at_idx on auth.oauth_flows (created_at);

revoke all on auth.oauth_flows from public, anon, authenticated, service_role;
