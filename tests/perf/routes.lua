-- wrk script: cycles through the routes listed in the ROUTES environment variable
-- (space-separated paths), asking for compressed bodies as browsers do.
local paths = {}
for path in string.gmatch(os.getenv("ROUTES") or "/", "%S+") do
  table.insert(paths, path)
end
local index = 0

request = function()
  index = index % #paths + 1
  return wrk.format("GET", paths[index], { ["Accept-Encoding"] = "br, gzip" })
end
