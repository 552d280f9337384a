-- wrk script for `make bench`: rotates GET requests over the paths listed in the file named by
-- $BENCH_PATHS (one path a line, already URL-encoded), and prints one machine-readable summary
-- line at the end:
--   BENCH requests=N rps=R p50_us=.. p90_us=.. p99_us=.. max_us=.. non2xx=.. socket_errors=..
-- Optional: $BENCH_OFFSET (start index, so runs do not all begin on the same path),
-- $BENCH_DELAY_MS (each connection waits this long before each request: a paced, not saturating, load),
-- and $BENCH_METHOD=PATCH with $BENCH_TOKEN: each request merge-patches its guideline with a text
-- no earlier request set (so every one commits), with that bearer token.

local paths = {}
do
  local name = os.getenv("BENCH_PATHS")
  assert(name and #name > 0, "BENCH_PATHS must name a file of paths")
  local file = assert(io.open(name, "r"))
  for line in file:lines() do
    if #line > 0 then paths[#paths + 1] = line end
  end
  file:close()
  assert(#paths > 0, "no paths in " .. name)
end

local requests = {}
local index = 0
local patching = os.getenv("BENCH_METHOD") == "PATCH"
local edits = 0
local tag = tostring(math.random(1, 1000000000))

function init(args)
  -- wrk.headers (with Host) is ready here, not at load time.
  if patching then
    wrk.headers["Authorization"] = "Bearer " .. assert(os.getenv("BENCH_TOKEN"), "BENCH_TOKEN must hold a token")
    wrk.headers["Content-Type"] = "application/merge-patch+json"
  end
  for i, path in ipairs(paths) do requests[i] = wrk.format("GET", path) end
  index = (tonumber(os.getenv("BENCH_OFFSET") or "0") or 0) % #requests
end

function request()
  index = index % #requests + 1
  if patching then
    edits = edits + 1
    return wrk.format("PATCH", paths[index], nil, string.format('{"text": "Edited by the benchmark, %s-%d."}', tag, edits))
  end
  return requests[index]
end

local pause = tonumber(os.getenv("BENCH_DELAY_MS") or "")
if pause and pause > 0 then
  function delay() return pause end
end

function done(summary, latency, requests)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "BENCH requests=%d rps=%.1f p50_us=%d p90_us=%d p99_us=%d max_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests, summary.requests / seconds,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.status, e.connect + e.read + e.write + e.timeout))
end
