-- Mailed links and codes (recovery, invite, magic link, signup confirmation,
-- email change), after GoTrue's auth.one_time_tokens. A mail carries a 6-digit
-- code and its "token hash" (hex SHA-224 of the address and the code, as
-- GoTrue makes it, used in links and by verifyOtp({token_hash})); this table
-- keeps only SHA-256 of that token hash, so reading it gives no usable link.
-- One live token per user and type: a new mail replaces the previous token.

alter table auth.users
  add column if not exists email_change                text,
  add column if not exists email_change_sent_at        timestamptz,
  add column if not exists email_change_confirm_status smallint not null default 0,
  add column if not exists recovery_sent_at            timestamptz,
  add column if not exists confirmation_sent_at        timestamptz,
  add column if not exists invited_at                  timestamptz;

create table if not exists auth.one_time_tokens (
  id         uuid primary key default gen_random_uuid(),
  user_id    uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in
    ('confirmation_token', 'recovery_token', 'invite_token', 'magiclink_token',
     'email_change_token_current', 'email_change_token_new')),
  token_hash bytea not null,
  relates_to text not null,
  created_at timestamptz not null default now(),
  constraint one_time_tokens_user_type_key unique (user_id, token_type)
);
comment on table auth.one_time_tokens is
  'Live emailed tokens: SHA-256 of the token hash only; single use, expiring after PLEAT_MAILER_OTP_EXP.';
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- Mails sent per address and per client address, shared by every replica.
-- Unlogged: losing the counts in a crash only resets the limits.
create unlogged table if not exists auth.mail_sends (
  key     text not null,
  sent_at timestamptz not null default now()
);
create index if not exists mail_sends_key_idx on auth.mail_sends (key, sent_at);
