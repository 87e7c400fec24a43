-- deferred (chunk `=ui`): a module table that fills itself on first use. Until a script
-- reads, assigns or walks it, the table is empty and its classes cost the host nothing;
-- then `fill` (Swift) makes them, and the table is a plain table again.
--
-- Returns `defer(module, fill)`, which gives `module` its metatable and returns `ready()`,
-- the function Swift calls to fill it from its side (an object of its classes pushed, the
-- registry's list of classes asked for).

local setmetatable, getmetatable, next = setmetatable, getmetatable, next

return function(module, fill)
  local meta
  local function ready()
    -- A metatable a script set in the meantime is the script's: it stays.
    if getmetatable(module) == meta then setmetatable(module, nil) end
    fill()
  end
  meta = {
    __index = function(t, key)
      ready()
      return t[key]
    end,
    __newindex = function(t, key, value)
      ready()
      t[key] = value
    end,
    __pairs = function(t)
      ready()
      return next, t, nil
    end,
  }
  setmetatable(module, meta)
  return ready
end
