-- dates (chunk `=os`): on a virtual clock, `os.time()` and `os.date()` without a time read
-- the loop's wall clock, so that what a test or a headless run shows never depends on the
-- day. Given a time, they are Lua's own, with Lua's own errors at the caller's place.
--
-- Argument: `wallClock()`, the loop's wall clock in whole seconds, or nil while the host
-- has its dates read the machine's clock.

local wallClock = ...
local os, pcall, error, type = os, pcall, error, type
if type(os) ~= "table" then return end
local time, date = os.time, os.date
-- Called through pcall, the library's functions cannot tell their own names or the
-- caller's place: put both back.
local function raise(message, name)
  if type(message) == "string" then
    message = message:gsub("to '%?'", "to '" .. name .. "'", 1)
  end
  error(message, 3)
end
function os.time(t)
  if t == nil then return wallClock() or time() end
  local ok, result = pcall(time, t)
  if not ok then raise(result, "time") end
  return result
end
function os.date(format, t)
  if t == nil then t = wallClock() end
  local ok, result = pcall(date, format, t)
  if not ok then raise(result, "date") end
  return result
end
