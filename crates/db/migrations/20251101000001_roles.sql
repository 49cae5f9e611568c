-- API roles, as in Supabase. Roles are cluster-wide while this file runs once per
-- database (tests clone databases, several may migrate at once), so every
-- statement tolerates the role already existing, even when created concurrently.

do $$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('anon',          'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role',  'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit')
    ) as t(name, options)
  loop
    if not exists (select 1 from pg_catalog.pg_roles where rolname = spec.name) then
      begin
        execute format('create role %I %s', spec.name, spec.options);
      exception
        when duplicate_object or unique_violation then null;
        -- Only a superuser may grant BYPASSRLS (e.g. not a managed cloud admin);
        -- service_role then relies on its explicit policies instead.
        when insufficient_privilege then
          if spec.options not like '%bypassrls%' then
            raise;
          end if;
          raise notice 'cannot give % BYPASSRLS without superuser; relying on its policies', spec.name;
          execute format('create role %I %s', spec.name, replace(spec.options, ' bypassrls', ''));
      end;
    end if;
  end loop;
end
$$;

-- authenticator logs in and switches to one of these per request.
do $$
declare
  member text;
begin
  foreach member in array array['anon', 'authenticated', 'service_role']
  loop
    if not pg_catalog.pg_has_role('authenticator', member, 'member') then
      begin
        execute format('grant %I to authenticator', member);
      exception
        when unique_violation then null;
      end;
    end if;
  end loop;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
