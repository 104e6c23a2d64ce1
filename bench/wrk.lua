-- wrk's script for the benchmarks (bench/lib.ts): asks the paths given after `--` in turn on each
-- connection (or the URL's own path when there are none), and prints the run's figures as one
-- JSON line. Latencies are in microseconds.
local paths = {}
local next_path = 0

function init(args)
  for _, path in ipairs(args) do
    paths[#paths + 1] = path
  end
end

function request()
  if #paths == 0 then
    return wrk.format(nil)
  end
  next_path = next_path % #paths + 1
  return wrk.format(nil, paths[next_path])
end

function done(summary, latency, requests)
  local errors = summary.errors
  local percentiles = {}
  for _, p in ipairs({ 50, 90, 97.5, 99, 99.9, 99.99, 99.999 }) do
    percentiles[#percentiles + 1] = string.format('"%s":%d', p, latency:percentile(p))
  end
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"socketErrors":%d,"timeouts":%d,"non2xx":%d,"maxUs":%d,"percentilesUs":{%s}}\n',
    summary.requests, summary.duration, errors.connect + errors.read + errors.write, errors.timeout,
    errors.status, latency.max, table.concat(percentiles, ',')))
end
