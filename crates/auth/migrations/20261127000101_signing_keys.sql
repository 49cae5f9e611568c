-- Signing keys and the new API keys, shared by every replica.
--
-- auth.signing_keys: the asymmetric keys access tokens are signed with. The
-- private key is sealed (ChaCha20-Poly1305) with a key derived from the JWT
-- secret, so the database and its backups alone hold nothing that signs.
-- At most one key is current (it signs); previous keys still verify; revoked
-- keys verify nothing and are never published.
create table if not exists auth.signing_keys (
  kid            text primary key,
  algorithm      text not null check (algorithm in ('ES256', 'RS256')),
  public_jwk     jsonb not null,
  private_sealed bytea not null,
  status         text not null default 'current' check (status in ('current', 'previous', 'revoked')),
  created_at     timestamptz not null default now(),
  rotated_at     timestamptz,
  revoked_at     timestamptz
);
comment on table auth.signing_keys is 'Asymmetric JWT signing keys (ES256/RS256); the private half sealed with a key derived from the JWT secret.';
create unique index if not exists signing_keys_one_current
  on auth.signing_keys ((true)) where status = 'current';

-- Whether the first start makes an ES256 key: yes for a database that had no
-- user when this migration ran (a new data directory); an upgraded one keeps
-- signing with the HS256 secret until `pleat keys rotate`, as Supabase leaves
-- a legacy project on its JWT secret until its owner migrates.
create table if not exists auth.signing_key_setup (
  singleton        boolean primary key default true check (singleton),
  asymmetric_first boolean not null
);
insert into auth.signing_key_setup (asymmetric_first)
  select not exists (select 1 from auth.users)
  on conflict do nothing;

-- sb_publishable_/sb_secret_ keys: derived from the JWT secret and the id, so
-- only the id and whether it is revoked are stored.
create table if not exists auth.api_keys (
  id         text primary key check (id ~ '^[A-Za-z0-9]{16}$'),
  kind       text not null check (kind in ('publishable', 'secret')),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table auth.api_keys is 'Opaque API keys by id (the key itself is derived from the JWT secret); revoked ones are refused everywhere.';
