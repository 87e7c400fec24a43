-- A library that checks its arguments with Lua's own assert and error.
local checks = {}

function checks.number(x)
  assert(type(x) == "number", "expected a number")
  return x
end

function checks.positive(x)
  if x <= 0 then error("expected a positive number") end
  return x
end

function checks.assert()
  return assert
end

return checks
