-- Dates as the diary writes them, in the machine's time zone (a test launch pins it to UTC).
-- Times are `loop.time()` seconds, as the store's date attributes hold them.
local dates = {}

--- `os.date(pattern, t)` for any time: os.date takes whole seconds, loop.time() has fractions.
local function format(pattern, t)
  return os.date(pattern, math.floor(t))
end

local function day(t) return tonumber(format("%d", t)) end

--- A section's title: "Thursday, January 1, 2026".
function dates.day(t)
  return ("%s, %s %d, %s"):format(format("%A", t), format("%B", t), day(t), format("%Y", t))
end

--- A row's time of day: "08:30".
function dates.time(t)
  return format("%H:%M", t)
end

--- A page's date, short: "Jan 1, 2026".
function dates.short(t)
  return ("%s %d, %s"):format(format("%b", t), day(t), format("%Y", t))
end

--- A page's date and time: "Jan 1, 2026 at 08:30".
function dates.long(t)
  return dates.short(t) .. " at " .. dates.time(t)
end

--- A date for the settings: "2026-01-01T08:30:00".
function dates.iso(t)
  return format("%Y-%m-%dT%H:%M:%S", t)
end

--- The next time it is `hour` o'clock after `t`: today's, or tomorrow's when it has passed.
function dates.nextHour(t, hour)
  local fields = format("*t", t)
  fields.hour, fields.min, fields.sec = hour, 0, 0
  local at = os.time(fields)
  if at <= t then
    fields.day = fields.day + 1
    at = os.time(fields)
  end
  return at
end

return dates
