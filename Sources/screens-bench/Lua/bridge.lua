-- The bridge figures' Lua: the globals `nop` (a trivial function to call) and `spin(n)` (a
-- loop of n iterations), and the loops that make n calls or property reads from Lua.

function nop() end
function spin(n) local t = {0} for i = 1, n do t[1] = t[1] + i % 7 end end

local bridge = {}

-- Calls `f` n times.
function bridge.loop(f, n)
  for i = 1, n do f() end
end

-- Reads `o.value` n times.
function bridge.read(o, n)
  local x
  for i = 1, n do x = o.value end
  return x
end

return bridge
