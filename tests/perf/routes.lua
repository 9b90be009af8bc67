-- wrk script: cycles through the routes listed in the ROUTES environment variable
-- (space-separated paths), asking for compressed bodies as browsers do, with a browser's user
-- agent and Accept, so that our server counts every page as a visitor's (the server's counting is
-- then on the measured path; tests/perf/bench.sh compares it with counting off).
-- The requests are formatted once, in init: formatting one per request in Lua cost wrk about a
-- fifth of its rate, and on a two-core machine wrk's own core is what runs out first.
local paths = {}
for path in string.gmatch(os.getenv("ROUTES") or "/", "%S+") do
  table.insert(paths, path)
end
local requests = {}
local index = 0

function init(args)
  for i, path in ipairs(paths) do
    requests[i] = wrk.format("GET", path, {
      ["Accept-Encoding"] = "br, gzip",
      ["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    })
  end
end

function request()
  index = index % #requests + 1
  return requests[index]
end
