-- wrk script for scripts/bench-rest: every request comes from its own client
-- address (X-Forwarded-For, believed because the benchmark sets
-- PLEAT_TRUSTED_PROXIES=127.0.0.1), as on a busy day with many visitors, so the
-- per-address anonymous cap and the contact form's per-address budget see
-- many visitors rather than one client sending everything.
-- Environment: BENCH_METHOD (GET), BENCH_BODY, BENCH_TOKEN (a user's access
-- token; the anon key otherwise), BENCH_APIKEY, BENCH_PREFER, and
-- BENCH_PATH_TEMPLATE (a path with one %d, filled with a random integer in
-- 1..BENCH_PATH_RANGE per request, so writes spread over many rows).

local counter = 0
local thread_no = 0
local threads = 0

function setup(thread)
  thread:set("thread_no", threads)
  threads = threads + 1
end

local path_template = nil
local path_range = 1
local run = 0

-- An unset variable and an empty one mean the same here.
local function env(name)
  local value = os.getenv(name)
  if value == "" then
    return nil
  end
  return value
end

function init(args)
  math.randomseed(os.time() + thread_no)
  path_template = env("BENCH_PATH_TEMPLATE")
  path_range = tonumber(env("BENCH_PATH_RANGE") or "1")
  run = tonumber(env("BENCH_RUN") or "0")
  wrk.method = env("BENCH_METHOD") or "GET"
  wrk.body = env("BENCH_BODY")
  local key = env("BENCH_APIKEY")
  wrk.headers["apikey"] = key
  wrk.headers["Authorization"] = "Bearer " .. (env("BENCH_TOKEN") or key)
  if wrk.body then
    wrk.headers["Content-Type"] = "application/json"
  end
  local prefer = env("BENCH_PREFER")
  if prefer then
    wrk.headers["Prefer"] = prefer
  end
end

function request()
  counter = counter + 1
  local n = counter % 65536
  -- Each run (BENCH_RUN) and thread has its own 65,536 addresses.
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d",
    (run * 4 + thread_no) % 256, math.floor(n / 256) % 256, n % 256)
  if path_template then
    return wrk.format(nil, string.format(path_template, math.random(1, path_range)))
  end
  return wrk.format()
end
