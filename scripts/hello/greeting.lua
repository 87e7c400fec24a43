-- A module beside main.lua, found through the app's folder on package.path.
local greeting = {}

function greeting.text(name)
  if type(name) ~= "string" then
    error(("bad argument #1 to 'text' (string expected, got %s)"):format(type(name)), 2)
  end
  return ("Hello from %s!"):format(name)
end

return greeting
