-- The client as every per-client limit counts it, for limits kept in SQL (an
-- app's own budgets, such as a contact form's): the same text as
-- pleat_auth::client_ip::limit_key. An IPv4 address is itself; an IPv6
-- address is its /64 ('2001:db8:1:2::'), since one subscriber usually holds a
-- whole /64 and could otherwise send each request from a new address; an
-- IPv4-mapped IPv6 address is its IPv4 address. Text that is no address is
-- returned as it is, NULL stays NULL.
create or replace function auth.client_limit_key(address text)
returns text
language plpgsql
immutable strict
set search_path = ''
as $$
declare
  a inet;
begin
  begin
    a := address::inet;
  exception when invalid_text_representation then
    return address;
  end;
  if family(a) = 4 then
    return host(a);
  end if;
  if a << inet '::ffff:0.0.0.0/96' then
    return host(inet '0.0.0.0' + (a - inet '::ffff:0.0.0.0'));
  end if;
  return host(network(set_masklen(a, 64)));
end
$$;
comment on function auth.client_limit_key(text) is
  'The key a per-client limit counts: IPv4 as is, IPv6 by its /64.';
