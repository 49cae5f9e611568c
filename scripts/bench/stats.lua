-- wrk script for scripts/bench-stats. BENCH_KIND=read: GET the given path (a
-- plain anon read). BENCH_KIND=record: POST rpc/record_page_view with a page
-- and referring domain varied per request (the site's five pages and 150
-- domains, so the day's domain cap and its 'other' bucket are exercised too).
-- Both carry the anon key, as the site's pages do, and each request its own
-- client address (X-Forwarded-For, believed because the benchmark sets
-- PLEAT_TRUSTED_PROXIES=127.0.0.1), so the per-address anonymous cap sees
-- many visitors rather than one client sending everything.

local kind = "read"
local paths = { "/", "/portfolio", "/terms", "/privacy", "/no-such-page" }
local counter = 0

function init(args)
  math.randomseed(os.time())
  kind = os.getenv("BENCH_KIND") or "read"
  local key = os.getenv("BENCH_APIKEY")
  wrk.headers["apikey"] = key
  wrk.headers["Authorization"] = "Bearer " .. key
  if kind == "record" then
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
  end
end

function request()
  counter = counter + 1
  local n = counter % 65536
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.floor(n / 256) % 256, n % 256)
  if kind ~= "record" then
    return wrk.format()
  end
  local body = string.format('{"page":"%s","referrer_domain":"site-%d.example","first_view":%s}',
    paths[math.random(1, #paths)], math.random(1, 150), counter % 3 == 0 and "true" or "false")
  return wrk.format(nil, nil, nil, body)
end
