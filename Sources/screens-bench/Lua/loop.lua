-- The body of loop_spec.lua, as a plain Lua program.
local s = 0
for i = 1, 3e7 do s = s + i % 7 end
assert(s == 89999997)
