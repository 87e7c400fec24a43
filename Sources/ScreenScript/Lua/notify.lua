-- notify (chunk `=notify`): maps each Lua value to one stand-in object for as long as the
-- value lives, which notifications match it by: weakly keyed for collectable values,
-- strongly for strings, numbers and booleans. NaN, which no table can take as a key, has
-- one stand-in of its own.
--
-- Argument: `newIdentity()`, a new stand-in. Returns the function from a value to its
-- stand-in.

local newIdentity = ...
local collectable = setmetatable({}, { __mode = "k" })
local plain = {}
local nan = newIdentity()
return function(value)
  if value ~= value then return nan end
  local t = type(value)
  local cache = (t == "table" or t == "function" or t == "userdata" or t == "thread") and collectable or plain
  local identity = cache[value]
  if identity == nil then
    identity = newIdentity()
    cache[value] = identity
  end
  return identity
end
