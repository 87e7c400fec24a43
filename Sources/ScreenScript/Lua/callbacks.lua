-- callbacks (chunk `=ui.callbacks`): the Lua half of the check that finds the callbacks
-- scripts misspell.
--
-- Returns the walker `functions(cls, stop)` (the names of the functions in a class and its
-- Lua ancestors, or in a delegate table, each followed by where it is defined, or false),
-- the set of Swift classes where the walk stops (weakly keyed), `callerPlace()` (where the
-- script that called the running Swift function is, `main.lua:12`) and
-- `wrapNew(new, expected, check)` (`new` with the checks in front). The walk follows
-- metatables up to a Swift class (or 100 levels, should a script make a cycle).

local getinfo = debug and debug.getinfo
local getmetatable, next, type = getmetatable, next, type
local error, rawget = error, rawget
local swiftClasses = setmetatable({}, { __mode = "k" })
local function functions(cls, stop)
  local found, seen = {}, {}
  local level = 0
  while type(cls) == "table" and not (stop and stop[cls]) and level < 100 do
    for key, value in next, cls do
      if type(key) == "string" and type(value) == "function" and not seen[key] then
        seen[key] = true
        local place = false
        if getinfo then
          local info = getinfo(value, "S")
          if info and info.what == "Lua" then place = info.short_src .. ":" .. info.linedefined end
        end
        found[#found + 1] = key
        found[#found + 1] = place
      end
    end
    cls = getmetatable(cls)
    level = level + 1
  end
  return found
end
local function callerPlace()
  if not getinfo then return nil end
  for level = 2, 40 do
    local info = getinfo(level, "Sl")
    if not info then return nil end
    if info.what ~= "C" and info.currentline > 0 and info.source ~= "=luabridge" then
      return info.short_src .. ":" .. info.currentline
    end
  end
  return nil
end
-- A class's `new` with the checks in front; it calls `new` last, as a tail call, so
-- that `new`'s errors still name the script's line.
local checked = setmetatable({}, { __mode = "k" })
local function wrapNew(new, expected, check)
  return function(cls, fields, ...)
    if check and type(cls) == "table" and not checked[cls] then
      checked[cls] = true
      check(cls)
    end
    if type(fields) == "table" and rawget(fields, "__index") == fields then
      local name = rawget(fields, "__name")
      if type(name) == "string" then
        error("bad argument #1 to 'new' (" .. expected .. " expected, got the class " .. name
              .. "; call " .. name .. ":new())", 2)
      end
    end
    return new(cls, fields, ...)
  end
end
return functions, swiftClasses, callerPlace, wrapNew
