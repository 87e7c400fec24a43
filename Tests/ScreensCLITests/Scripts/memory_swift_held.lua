-- Fills memory from Lua, then has Swift push a copy of a large string: under a tight
-- `ulimit -v` and no --memory cap, the system refuses the copy while Swift holds the stack.
local s = ("x"):rep(200 << 20)
local c = ui.Controller:new{}
c.title = s
local t = c.title
print("not reached", #t)
