--- NAME: what it does.
local NAME = {}

--- A greeting for `who`.
--- @param who string
--- @return string
function NAME.greet(who)
  if type(who) ~= "string" then
    error("bad argument #1 to 'greet' (string expected, got " .. type(who) .. ")", 2)
  end
  return "Hello, " .. who .. "!"
end

return NAME
