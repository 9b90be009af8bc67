-- wrk script: posts contact-form enquiries to POST /api/enquiries as the contact island does
-- (JSON, formType "contact", the honeypot field left out), each one different: the run's label
-- (BENCH_RUN), the wrk thread and a counter go into the e-mail address and the message, so every
-- stored row is distinct and can be told apart from another run's.
-- Headers: Content-Type application/json and Origin BENCH_ORIGIN (the server's public URL, as a
-- browser on the site sends it).
-- At the end it prints one line for bench.sh:
--   enquiries: created=N other=N errors=N duration_us=N p99_us=N statuses=STATUS:N,...
-- (statuses: the answers other than 201, by status)
-- and, when BENCH_ACKED is set, writes the id of every enquiry answered 201 to that file, one a
-- line, so that bench.sh can check each acknowledged enquiry against the stored ones.
local run = os.getenv("BENCH_RUN") or "bench"
local origin = os.getenv("BENCH_ORIGIN") or "http://127.0.0.1"
local headers = { ["Content-Type"] = "application/json", ["Origin"] = origin }

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_id", #threads)
end

function init(args)
  sequence = 0
  created = 0
  other = 0
  statuses = {}
  acked = {}
end

-- The contact form's fields (crates/core/src/forms/payload.rs); %s is the request's tag.
local template = '{"formType":"contact","firstName":"Bench","lastName":"Visitor",'
  .. '"email":"visitor+%s@example.com","phone":"01506 238 238","interest":"Room Hire",'
  .. '"message":"Enquiry %s: could I hire the studio for a two-hour workshop one Saturday '
  .. 'morning next month? About twelve people, mats provided. Thank you."}'

request = function()
  sequence = sequence + 1
  local tag = string.format("%s-%d-%d", run, thread_id, sequence)
  return wrk.format("POST", "/api/enquiries", headers, string.format(template, tag, tag))
end

response = function(status, headers, body)
  if status == 201 then
    created = created + 1
    local id = string.match(body, '"id"%s*:%s*"([^"]+)"')
    if id then
      acked[#acked + 1] = id
    end
  else
    other = other + 1
    statuses[status] = (statuses[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local total_created, total_other = 0, 0
  local ids, by_status = {}, {}
  for _, thread in ipairs(threads) do
    total_created = total_created + thread:get("created")
    total_other = total_other + thread:get("other")
    for status, count in pairs(thread:get("statuses")) do
      by_status[status] = (by_status[status] or 0) + count
    end
    for _, id in ipairs(thread:get("acked")) do
      ids[#ids + 1] = id
    end
  end
  local e = summary.errors
  local errors = e.connect + e.read + e.write + e.timeout
  local counts = {}
  for status, count in pairs(by_status) do
    counts[#counts + 1] = string.format("%d:%d", status, count)
  end
  table.sort(counts)
  io.write(string.format(
    "enquiries: created=%d other=%d errors=%d duration_us=%d p99_us=%d statuses=%s\n",
    total_created, total_other, errors, summary.duration, latency:percentile(99.0),
    table.concat(counts, ",")))
  local path = os.getenv("BENCH_ACKED")
  if path and path ~= "" then
    local file = assert(io.open(path, "w"))
    for _, id in ipairs(ids) do
      file:write(id, "\n")
    end
    file:close()
  end
end
