-- TOTP factors and the amr claim (see pleat_auth::mfa). Beside GoTrue's
-- columns, what Pleat adds to refuse replays and guessing: the last time step
-- a factor's code was accepted for (a code works once), and the wrong codes
-- tried against a challenge (it dies at the last allowed one, as a mailed
-- code does).

alter table auth.mfa_factors add column if not exists last_totp_step bigint;
alter table auth.mfa_challenges add column if not exists failed_attempts integer not null default 0;

-- Sessions from before the claims table record their one method (the amr of
-- their access tokens until now), so their tokens keep saying the same.
insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
select id, created_at, created_at, amr_method from auth.sessions
on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do nothing;
