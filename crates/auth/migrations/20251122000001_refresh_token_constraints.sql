-- A refresh token belongs to its session, and its session to a user: deleting
-- either already removes the token through refresh_tokens_session_id_fkey.
-- The user and parent keys only re-checked that on every rotation (two
-- foreign-key lookups per refresh, measured by scripts/bench-auth); GoTrue's
-- own schema has the session key alone. Tokens are never deleted one by one,
-- so nothing needs the parent index either.
alter table auth.refresh_tokens drop constraint if exists refresh_tokens_user_id_fkey;
alter table auth.refresh_tokens drop constraint if exists refresh_tokens_parent_fkey;
drop index if exists auth.refresh_tokens_parent_idx;
