-- The session check of /rest/v1 inside the request's own transaction: the
-- statement goes to the server in the same pipelined write as BEGIN, the
-- settings and the request's statement, so a signed-in request costs one
-- round trip instead of two, and a signed-out session aborts the transaction
-- before anything runs or commits. The answer is PostgREST's 401 PGRST301,
-- raised the way PostgREST lets SQL raise a whole response (SQLSTATE PGRST).
-- Runs before the role switch, as authenticator; SECURITY DEFINER so no API
-- role needs access to auth.sessions.
create function auth.require_session(sid uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from auth.sessions where id = sid) then
    raise sqlstate 'PGRST' using
      message = '{"code":"PGRST301","message":"JWT session has ended","details":"The session this token belongs to was signed out","hint":null}',
      detail = '{"status":401,"headers":{"WWW-Authenticate":"Bearer error=\"invalid_token\", error_description=\"JWT session has ended\""}}';
  end if;
end
$$;

revoke all on function auth.require_session(uuid) from public;
grant execute on function auth.require_session(uuid) to authenticator;
