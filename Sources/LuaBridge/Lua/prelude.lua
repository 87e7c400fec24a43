-- prelude (chunk `=luabridge`): the part of the class system and the sandbox that is
-- plain Lua. It runs once per state, with the standard functions it needs captured before
-- any script can replace them.
--
-- Arguments: the key of a Swift object's class, and the `__newindex` of class tables.
-- Returns the prelude table the bridge keeps.

local swiftkey, classnewindex = ...
local G = _G
local setmetatable, getmetatable, rawget, pairs, ipairs, next = setmetatable, getmetatable, rawget, pairs, ipairs, next
local type, error, select, load, pcall, tostring, tonumber = type, error, select, load, pcall, tostring, tonumber
local find, gsub = string and string.find, string and string.gsub
local getinfo = debug and debug.getinfo
local rawset = rawset
local sort = table and table.sort

local prelude = {}

-- The chunks that are the host's own rather than a script's (`=luabridge`, and those the
-- embedder names with LuaState.hideFromCallers): a caller is looked for outside them.
local ownchunks = { ["=luabridge"] = true }
function prelude.hide(name)
  ownchunks[name] = true
end

local function isclass(value)
  return type(value) == "table" and rawget(value, "__index") == value
end

local function classname(cls)
  return tostring(rawget(cls, "__name"))
end

-- tostring(SomeClass) -> "class SomeClass"; the metatable of every class table has it.
local function classtostring(cls)
  return "class " .. classname(cls)
end
prelude.classtostring = classtostring
-- Every class table has the same __newindex (for its subclasses; the root classes' in this
-- metatable): a new key in a class is noted, so that the bridge looks for overrides again.
prelude.classnewindex = classnewindex
prelude.classmeta = { __tostring = classtostring, __newindex = classnewindex }

-- Errors raised while assigning the fields of `new` point at the caller, not at this chunk.
local function relocate(message)
  if type(message) == "string" and gsub then
    message = gsub(message, "^luabridge:%d+: ", "", 1)
  end
  return message
end

-- A constructor runs under pcall, where Lua cannot name it: its argument errors are told
-- as the caller wrote them, `Class:new(...)`, whose first argument follows the class.
local function constructorerror(message)
  if type(message) == "string" and gsub then
    message = gsub(message, "^bad argument #(%d+) to '%?'", function(index)
      return "bad argument #" .. (tonumber(index) - 1) .. " to 'new'"
    end, 1)
  end
  return message
end

local function assign(object, key, value)
  object[key] = value
end

-- Where the script called `extend` ("main.lua:12"): the first Lua frame above this one
-- outside the host's own chunks. A REPL's `:tree` shows it.
local function caller()
  if not getinfo then return nil end
  for level = 3, 12 do
    local info = getinfo(level, "Sl")
    if not info then return nil end
    if info.what ~= "C" and not ownchunks[info.source] then
      -- The whole file name (short_src would cut a long one), as the script was loaded.
      local source = info.source
      local first = source:sub(1, 1)
      local file = (first == "@" or first == "=") and source:sub(2) or info.short_src
      return file .. ":" .. info.currentline
    end
  end
  return nil
end

function prelude.extend(base, name)
  if not isclass(base) then
    error("calling 'extend' on bad self (class expected, got " .. type(base) .. ")", 2)
  end
  if type(name) ~= "string" then
    error("bad argument #1 to 'extend' (string expected, got " .. type(name) .. ")", 2)
  end
  if not base.__extensible then
    error("cannot extend " .. classname(base) .. ": its objects cannot carry Lua fields", 2)
  end
  local cls = setmetatable({}, base)
  cls.__index = cls
  cls.__newindex = classnewindex
  cls.__name = name
  cls.__tostring = classtostring
  cls.super = base
  rawset(cls, "__where", caller())
  return cls
end

-- The order `new` applies fields in: a class's properties by their rank (its __fieldrank,
-- see LuaClassDefinition.appliedFirst), then the other keys, numbers before strings, each
-- in their own order.
local huge = 1 / 0
local function unrankedBefore(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return not a and b end
  return false
end

-- `keys[1..n]` in that order: by insertion while few (a constructor's table has a handful
-- of fields, and this allocates nothing), by table.sort past that.
local function order(keys, n, ranks)
  if n <= 32 or not sort then
    for i = 2, n do
      local key = keys[i]
      local rank = ranks[key] or huge
      local j = i - 1
      while j >= 1 do
        local other = keys[j]
        local otherRank = ranks[other] or huge
        if otherRank < rank or (otherRank == rank and (rank ~= huge or not unrankedBefore(key, other))) then break end
        keys[j + 1] = other
        j = j - 1
      end
      keys[j + 1] = key
    end
  else
    sort(keys, function(a, b)
      local ra, rb = ranks[a] or huge, ranks[b] or huge
      if ra ~= rb then return ra < rb end
      return ra == huge and unrankedBefore(a, b)
    end)
  end
end

function prelude.new(cls, fields, ...)
  if not isclass(cls) then
    error("calling 'new' on bad self (class expected, got " .. type(cls) .. ")", 2)
  end
  -- A class whose constructor takes a positional first argument (a navigation controller's
  -- root) sets __positional; its constructor checks that argument itself.
  local positional = fields ~= nil and type(fields) ~= "table"
  if positional and not cls.__positional then
    error("bad argument #1 to 'new' (table expected, got " .. type(fields) .. ")", 2)
  end
  local ok, object, consumed = pcall(cls.__construct, cls, fields, ...)
  if not ok then error(constructorerror(relocate(object)), 2) end
  if fields ~= nil and not positional then
    -- A constructor that consumes "#" takes the array part ({ a, b, c }) itself.
    local array = consumed and consumed["#"]
    -- In a fixed order (see order), not the table's: a range before the value it bounds,
    -- and the same result in every run. The table is read raw: it is data.
    local keys, n = nil, 0
    for key in next, fields do
      if not (consumed and consumed[key]) and not (array and type(key) == "number") then
        n = n + 1
        if n == 1 then keys = { key } else keys[n] = key end
      end
    end
    if n > 1 then order(keys, n, cls.__fieldrank or {}) end
    for i = 1, n do
      local key = keys[i]
      local assigned, message = pcall(assign, object, key, rawget(fields, key))
      if not assigned then error(relocate(message), 2) end
    end
  end
  local init = cls.init
  if init ~= nil then init(object, ...) end
  return object
end

-- An environment for code that must not reach the system: no files, processes, native
-- libraries, binary chunks or debug access, and no way to change the host's metatables.
-- A string's methods are the host's string library, shared by every environment, so
-- ("").dump still works there; what it makes cannot be loaded, since load takes text only.
function prelude.sandbox()
  local env = {}
  for _, name in ipairs{ "assert", "error", "ipairs", "next", "pairs", "pcall", "print",
                         "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
                         "tonumber", "tostring", "type", "xpcall", "_VERSION" } do
    env[name] = G[name]
  end
  local function copy(library, except)
    if type(library) ~= "table" then return nil end
    local result = {}
    for key, value in pairs(library) do
      if not (except and except[key]) then result[key] = value end
    end
    return result
  end
  env.string = copy(G.string, { dump = true })
  env.table = copy(G.table)
  env.math = copy(G.math)
  env.utf8 = copy(G.utf8)
  env.coroutine = copy(G.coroutine)
  local os = G.os
  if os then
    env.os = { time = os.time, clock = os.clock, date = os.date, difftime = os.difftime }
  end
  env.getmetatable = function(value)
    if type(value) == "string" then return nil end
    return getmetatable(value)
  end
  env.load = function(chunk, name, mode, ...)
    local environment = env
    if select("#", ...) > 0 then environment = ... end
    return load(chunk, name, "t", environment)
  end
  env._G = env
  return env
end

-- Swift lets go of Lua values (a dropped reference, a freed object's fields) by marking
-- their registry slots, freed on the next call from Swift. `collectgarbage` frees them
-- first, so that a script that collects sees what Swift no longer holds go too.
function prelude.wrapcollect(release)
  local collect = rawget(G, "collectgarbage")
  if type(collect) ~= "function" then return end
  G.collectgarbage = function(...)
    release()
    return collect(...)
  end
end

prelude.swiftkey = swiftkey
return prelude
