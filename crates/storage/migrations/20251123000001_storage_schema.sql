-- The `storage` schema of Supabase Storage: buckets, objects and the helper
-- functions that policies copied from Supabase's docs call. Access is decided
-- by row-level security on both tables; pleat runs every storage request as
-- the caller's role with `request.jwt.claims` and `storage.operation` set.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

do $$
begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
exception
  when duplicate_object then null;
end
$$;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  -- Deprecated in Supabase in favour of owner_id (the JWT `sub`, any text).
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  -- System metadata: eTag, size, mimetype, cacheControl, lastModified,
  -- contentLength, httpStatusCode, as Supabase stores it.
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  -- The id of the blob this row serves; a new upload writes a new version.
  version text,
  user_metadata jsonb,
  constraint objects_bucket_id_name_key unique (bucket_id, name)
);

create index objects_bucket_id_name_pattern on storage.objects (bucket_id, name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- As in Supabase: the API roles may attempt anything; policies decide.
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[1:array_length(parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[array_length(parts, 1)];
end
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  file text := storage.filename(name);
begin
  return reverse(split_part(reverse(file), '.', 1));
end
$$;

create or replace function storage.operation()
returns text
language sql
stable
as $$
  select current_setting('storage.operation', true)
$$;

create or replace function storage.allow_only_operation(expected_operation text)
returns boolean
language sql
stable
as $$
  select current_setting('storage.operation', true) = expected_operation
$$;

create or replace function storage.allow_any_operation(expected_operations text[])
returns boolean
language sql
stable
as $$
  select current_setting('storage.operation', true) = any(expected_operations)
$$;

-- Total bytes per bucket (SECURITY INVOKER: rows hidden by RLS are not counted).
create or replace function storage.get_size_by_bucket()
returns table (size bigint, bucket_id text)
language sql
stable
as $$
  select sum((metadata ->> 'size')::bigint)::bigint, bucket_id
  from storage.objects
  group by bucket_id
$$;

grant execute on all functions in schema storage to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column()
returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Rows deleted outside the storage API would orphan their blobs: as in
-- Supabase, a DELETE is refused unless the API set storage.allow_delete_query.
create or replace function storage.protect_delete()
returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end
$$;

create trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement execute function storage.protect_delete();

create trigger protect_objects_delete
  before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Reads of public buckets skip RLS (as in Supabase) and are the hot path of a
-- site's images: one call, outside any transaction, by the login role. Only
-- objects of public buckets come back; `bucket_public` is null when the
-- bucket does not exist.
create or replace function storage.pleat_public_object(p_bucket text, p_name text)
returns table (
  bucket_public boolean, id uuid, bucket_id text, name text, owner uuid, owner_id text,
  version text, metadata jsonb, user_metadata jsonb,
  created_at timestamptz, updated_at timestamptz, last_accessed_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select b.public, o.id, o.bucket_id, o.name, o.owner, o.owner_id, o.version, o.metadata,
         o.user_metadata, o.created_at, o.updated_at, o.last_accessed_at
  from storage.buckets b
  left join storage.objects o on b.public and o.bucket_id = b.id and o.name = p_name
  where b.id = p_bucket
$$;

revoke all on function storage.pleat_public_object(text, text) from public;
grant usage on schema storage to authenticator;
grant execute on function storage.pleat_public_object(text, text) to authenticator;
