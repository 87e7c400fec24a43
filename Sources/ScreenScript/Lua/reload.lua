-- reload (chunk `=ui`): what a reload needs of a state's Lua, the classes its scripts
-- make, found by name, and controllers made again as a script makes them.

local reload = {}

-- Wraps `extend` so that it remembers every class it makes in `registry` by its name (the
-- last class of a name wins): `recorder(extend)` is the wrapped `extend`.
function reload.classRecorder(registry)
  local pcall, error, type = pcall, error, type
  return function(extend)
    return function(base, name, ...)
      -- Under pcall extend's own errors carry no place; raised again here, they point
      -- at the script's call, as they did.
      local ok, cls = pcall(extend, base, name, ...)
      if not ok then error(cls, 2) end
      if type(name) == "string" then registry[name] = cls end
      return cls
    end
  end
end

-- A new controller of class `cls`, to restore: `cls:newForRestoration(coder)` when the
-- class has it, else `cls:new(argument)`, or `cls:new()` without one.
function reload.make(cls, coder, argument)
  local make = cls.newForRestoration
  if type(make) == "function" then return make(cls, coder) end
  if argument ~= nil then return cls:new(argument) end
  return cls:new()
end

return reload
