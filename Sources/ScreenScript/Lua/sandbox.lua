-- sandbox (chunk `=plugins`): the Lua half of the plugin loader, each plugin's environment,
-- `require` inside a plugin and the permissions. It is loaded when a plugin is first
-- needed, with the copy modules.lua made of the standard functions and tables before any
-- script ran as its `_ENV` (`_G` in it is the host's globals), and keeps what it needs of
-- them (and copies of the standard tables), so that nothing a script does reaches the
-- plugins through them.
--
-- Arguments: `module(name)` and `modules` (the Swift modules, from modules.lua),
-- `openFile(path, mode, folder)` (a file handle for `io.open` in the plugin's folder or the
-- app's data directory, or nil and why), `readSource(path, folder)` (a file of
-- the plugin's folder as Lua source, or nil, why and whether it is missing; see
-- PluginFiles), `newMath(name)` (a math library of the plugin's own), `openStore` (what
-- `store.open` is for a plugin), `dataDirectory()` (the app's data directory, made when
-- missing), `resolve()` (reads the plugin folders the host was given, and calls
-- `setPlugins`), `openImage(path, folder, files)` (what `ui.image` is for a plugin: an
-- image of its folder, or with `files` of the app's data directory).
-- Returns a table: `searcher`, `setPlugins(infos)`, `markPending()`, `load(name)`,
-- `status(name)`.

local module, modules, openFile, readSource, newMath, openStore, dataDirectory, resolve, openImage = ...
local G = _G
local type, error, pairs, ipairs, next, select = type, error, pairs, ipairs, next, select
local tostring, rawget, rawset, rawequal, rawlen = tostring, rawget, rawset, rawequal, rawlen
local setmetatable, getmetatable, pcall, xpcall, load = setmetatable, getmetatable, pcall, xpcall, load
local format, gsub, find, sub = string.format, string.gsub, string.find, string.sub
local create, resume, status = coroutine.create, coroutine.resume, coroutine.status
local traceback = debug and debug.traceback
local collect = collectgarbage
local io, os = io or {}, os or {}
local iopopen, iotype = io.popen, io.type
local osexecute, osgetenv, osremove, osrename = os.execute, os.getenv, os.remove, os.rename
local ostime, osdate, osclock, osdifftime = os.time, os.date, os.clock, os.difftime
local config = package and package.config or "/\n;\n?\n!\n-\n"

local function copy(library, except)
  local result = {}
  if type(library) ~= "table" then return result end
  for key, value in next, library do
    if not (except and except[key]) then result[key] = value end
  end
  return result
end

-- The standard tables as they are now, before any script: each plugin gets its own copies.
local pristine = {
  string = copy(string, { dump = true }),
  table = copy(table), math = copy(math), utf8 = copy(utf8), coroutine = copy(coroutine),
}
local unpack = pristine.table.unpack

-- A string's methods are the string metatable's, shared by every environment: string.dump
-- goes from there, for the app too, so that no plugin dumps a function (another plugin's,
-- or one the app handed it) to read its constants. No script here can load what it made.
if type(stringMeta) == "table" then
  local index = rawget(stringMeta, "__index")
  if type(index) == "table" then rawset(index, "dump", nil) end
end
local basics = {}
for _, name in ipairs{ "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal",
                       "rawget", "rawlen", "rawset", "select", "tonumber", "tostring", "type",
                       "xpcall", "_VERSION", "warn" } do
  basics[name] = _ENV[name]
end
-- "@on" and "@off" switch the warnings of the whole host: the app's to give, not a plugin's.
-- The host takes a first piece that starts with "@" as such a message, so none is passed.
local warn = _ENV.warn
-- print goes where the app's global print goes now (the REPL and loggers replace it later),
-- through this function: the plugin never holds the app's.
local print = _ENV.print
basics.print = print and function(...)
  local current = rawget(G, "print")
  if type(current) ~= "function" then current = print end
  return current(...)
end
basics.warn = warn and function(first, ...)
  if type(first) == "string" and sub(first, 1, 1) == "@" then return end
  return warn(first, ...)
end

-- What a name needs: the permission, or false for what no plugin gets.
local globalNeeds = { store = "store", notify = "notify", debug = false }
local ioNeeds = { open = "files", lines = "files", popen = "os", read = false, write = false,
                  input = false, output = false, close = false, tmpfile = false,
                  stdin = false, stdout = false, stderr = false }
local osNeeds = { execute = "os", getenv = "os", remove = "os", rename = "os",
                  exit = false, tmpname = false, setlocale = false }
-- The host's modules a plugin may have: true, or the permission it needs. Nothing else the
-- host registers (the test runner's `test`, an embedder's module) reaches a plugin.
local moduleNeeds = { ui = true, loop = true, store = "store", notify = "notify" }

local plugins = {}      -- name -> info (see setPlugins)
local states = {}       -- name -> { loaded = value } | { failed = message } | { running = thread }
local pending = false   -- whether the host has plugin folders not read yet

local function permissionError(p, what, permission, level)
  if permission then
    error(format('%s needs the "%s" permission: add it to permissions in %s', what, permission, p.file), level + 1)
  end
  error(format("%s is not available to plugins (plugin '%s')", what, p.name), level + 1)
end

-- A table whose missing fields in `needs` raise the permission error instead of giving nil.
local function guarded(p, t, prefix, needs)
  return setmetatable(t, {
    __index = function(_, key)
      local permission = needs[key]
      if permission ~= nil then permissionError(p, prefix .. tostring(key), permission, 2) end
      return nil
    end,
    __metatable = false,
  })
end

-- A read-only view of a module the host shares with the app and the other plugins, with
-- `own` in place of some of its fields (false: a field the app keeps to itself).
local function newView(name, value, own)
  if type(value) ~= "table" then return value end
  local index = value
  if own then
    index = function(_, key)
      local mine = own[key]
      if mine == false then
        error(format("%s.%s is the app's: plugins cannot use it", name, tostring(key)), 2)
      elseif mine ~= nil then
        return mine
      end
      return value[key]
    end
  end
  return setmetatable({}, {
    __index = index,
    __newindex = function(_, key)
      error(format("%s is shared with the app: it cannot be changed (setting '%s')", name, tostring(key)), 2)
    end,
    -- Not `next, value`: the second value pairs returns would be the module itself.
    __pairs = function(self)
      return function(_, key)
        local field, v = next(value, key)
        while own and field ~= nil and own[field] == false do field, v = next(value, field) end
        if own and field ~= nil and own[field] then v = own[field] end
        return field, v
      end, self, nil
    end,
    __len = function() return rawlen(value) end,
    __metatable = false,
  })
end

-- `ui.segue` for a plugin: its segues start at its own classes and controllers, never at a
-- class of `ui` itself (a segue on ui.Controller would answer every controller of the app).
local function pluginSegue(ui)
  local segue = ui.segue
  local hostClasses = {}
  for name, value in next, ui do
    if type(value) == "table" and rawget(value, "__index") == value then hostClasses[value] = name end
  end
  return function(spec)
    if type(spec) ~= "table" then return segue(spec) end
    -- A copy, so that what is checked is what the host reads (no __index answering twice).
    local fields = {}
    for key, value in next, spec do fields[key] = value end
    local from = fields.from
    if hostClasses[from] then
      error(format("ui.segue: a plugin's segues start at its own classes or controllers, not at ui.%s", hostClasses[from]), 2)
    end
    -- The host's own errors, at the plugin's line rather than this one.
    local ok, message = pcall(segue, fields)
    if not ok then
      if type(message) == "string" then message = gsub(message, "^plugins:%d+: ", "", 1) end
      error(message, 2)
    end
  end
end

-- `ui.image` for a plugin: the files its io.open could read, and its own folder's (never
-- the app's folder), or bytes it holds (`{ data = }`), at the plugin's line.
local function pluginImage(p)
  return function(path)
    if type(path) ~= "string" and type(path) ~= "table" then
      error(format("bad argument #1 to 'image' (string or table expected, got %s)", type(path)), 2)
    end
    local ok, image = pcall(openImage, path, p.folder, p.permissions.files == true)
    if not ok then
      if type(image) == "string" then image = gsub(image, "^plugins:%d+: ", "", 1) end
      error(image, 2)
    end
    return image
  end
end

-- What a plugin's view of a module has instead of the app's fields.
local function ownFields(p, name, value)
  if type(value) ~= "table" then return nil end
  if name == "loop" then return { quit = false } end
  if name == "ui" then
    return { Window = false, segue = value.segue and pluginSegue(value), image = value.image and pluginImage(p) }
  end
  if name == "store" then return { open = openStore } end
  return nil
end

-- Plugin p's view of module `name`: the same one each time.
local function view(p, name)
  local made = p.views[name]
  if made == nil then
    local value = module(name)
    -- A module that fills itself on first use (ui) is filled now: the view walks it with next.
    if type(value) == "table" then pairs(value) end
    made = newView(name, value, ownFields(p, name, value))
    p.views[name] = made
  end
  return made
end

local loadPlugin

-- The source of module `name` (dots are folders) in the plugin's folder and its chunk name,
-- or nil when the folder has no such file; a file that is there but may not be read (a
-- link out of the folder, a FIFO, too large) is an error at `level`.
local function ownSource(p, name, level)
  if find(name, "..", 1, true) or find(name, "/", 1, true) or find(name, "\\", 1, true) or find(name, "\0", 1, true)
     or name == "" then
    return nil
  end
  local base = gsub(name, "%.", "/")
  for _, relative in ipairs{ base .. ".lua", base .. "/init.lua" } do
    local text, why, missing = readSource(relative, p.folder)
    if text then return text, "@" .. p.folder .. "/" .. relative end
    if not missing then error(format("module '%s' of plugin '%s': %s", name, p.name, why), level + 1) end
  end
  return nil
end

-- The traceback of the last error in a plugin's file, where it was raised ("stack
-- traceback:" and the frames), and that error: a failed main is reported with it.
local lastTraceback, lastError
local function keepTraceback(message)
  lastTraceback = traceback and traceback(nil, 2) or nil
  lastError = message
  return message
end

-- The same for main, unless the error is one a file raised and runFile passed on.
local function keepMainTraceback(message)
  if not (lastTraceback and rawequal(lastError, message)) then keepTraceback(message) end
  return message
end

local function runFile(p, name, text, chunkname, level)
  local loaded = p.loaded
  local value = loaded[name]
  if value ~= nil then
    if value == loaded then error(format("module '%s' of plugin '%s' requires itself while it loads", name, p.name), level + 1) end
    return value
  end
  local chunk, message = load(text, chunkname, "t", p.env)
  if not chunk then error(message, 0) end
  loaded[name] = loaded
  local ok, result = xpcall(chunk, keepTraceback, name, sub(chunkname, 2))
  if not ok then
    loaded[name] = nil
    error(result, 0)
  end
  if result == nil then result = true end
  loaded[name] = result
  return result
end

-- `require` inside plugin p: `p.name .. ".x"` or a name from nothing else is a file of its
-- folder; a built-in module or a plugin from its requires comes before a file of that name.
local function pluginRequire(p, name, level)
  if type(name) ~= "string" then
    error(format("bad argument #1 to 'require' (string expected, got %s)", type(name)), level + 1)
  end
  local prefix = p.name .. "."
  if sub(name, 1, #prefix) == prefix then
    local own = sub(name, #prefix + 1)
    local text, chunkname = ownSource(p, own, level + 1)
    if text then return (runFile(p, own, text, chunkname, level + 1)) end
    error(format("plugin '%s' has no file for module '%s' in %s", p.name, name, p.folder), level + 1)
  end
  if name == p.name then return (loadPlugin(name, level + 1)) end
  local need = moduleNeeds[name]
  if need and modules[name] then
    if need ~= true and not p.permissions[need] then
      permissionError(p, format("require(%q)", name), need, level + 1)
    end
    return view(p, name)
  end
  if p.requires[name] then return (loadPlugin(name, level + 1)) end
  local text, chunkname = ownSource(p, name, level + 1)
  if text then return (runFile(p, name, text, chunkname, level + 1)) end
  if plugins[name] then
    error(format("plugin '%s' cannot require '%s': add %s to requires in %s", p.name, name, name, p.file), level + 1)
  end
  error(format("module '%s' not found: plugin '%s' requires its own files (%s/%s.lua), the built-in modules and "
    .. "the plugins of its requires; to use a plugin named %s, add it to requires in %s",
    name, p.name, p.folder, gsub(name, "%.", "/"), name, p.file), level + 1)
end

-- Lua's own modes for io.open.
local modes = { r = true, w = true, a = true, ["r+"] = true, ["w+"] = true, ["a+"] = true,
                rb = true, wb = true, ab = true, ["r+b"] = true, ["w+b"] = true, ["a+b"] = true }

-- `io.open` for a plugin with the "files" permission: a refused path is an error, a file
-- that cannot be opened for another reason gives nil and why, as io.open does.
local function confinedOpen(p)
  return function(path, mode)
    mode = mode == nil and "r" or mode
    if type(path) ~= "string" then error("bad argument #1 to 'open' (string expected, got " .. type(path) .. ")", 2) end
    if type(mode) ~= "string" then error("bad argument #2 to 'open' (string expected, got " .. type(mode) .. ")", 2) end
    if not modes[mode] then error("bad argument #2 to 'open' (invalid mode)", 2) end
    local file, why, missing = openFile(path, mode, p.folder)
    if file then return file end
    if missing then return nil, why, 2 end
    error("io.open: " .. why, 2)
  end
end

local function confinedLines(p, open)
  return function(path, ...)
    if path == nil then permissionError(p, "io.lines without a file", false, 2) end
    local file, message = open(path, "r")
    if not file then error(message, 2) end
    local formats = { ... }
    local iterate = file:lines(unpack(formats))
    return function()
      local value = iterate()
      if value == nil then file:close() end
      return value
    end
  end
end

-- The environment of plugin p: its own globals over its own copies of the standard tables.
local function newEnvironment(p)
  local env, base = {}, {}
  for name, value in next, basics do base[name] = value end
  for name, library in next, pristine do base[name] = copy(library) end
  -- Its random numbers are its own: seeding or drawing them changes nothing for the app.
  local math = newMath(p.name)
  base.math.random, base.math.randomseed = math.random, math.randomseed
  local stringMeta = { __index = base.string }
  local mine = setmetatable({}, { __mode = "k" })  -- the tables whose metatable the plugin set
  base.setmetatable = function(t, mt)
    if type(t) ~= "table" then
      error("bad argument #1 to 'setmetatable' (table expected, got " .. type(t) .. ")", 2)
    end
    if getmetatable(t) ~= nil and not mine[t] then
      error("setmetatable: the plugin cannot change the metatable of a table it did not give one", 2)
    end
    setmetatable(t, mt)
    mine[t] = mt ~= nil or nil
    return t
  end
  base.getmetatable = function(value)
    if type(value) == "string" then return stringMeta end
    local mt = getmetatable(value)
    -- Another type's metatable is shared by every value of it: what shows of one (a host
    -- object's class name) is never a table to change.
    if type(value) ~= "table" then return type(mt) ~= "table" and mt or nil end
    if mine[value] or type(mt) ~= "table" then return mt end
    -- A class table (the host's, or one made with extend) is what its objects show.
    if rawget(mt, "__index") == mt and rawget(mt, "__name") ~= nil then return mt end
    return nil
  end
  base.load = function(chunk, name, mode, environment)
    if select("#", chunk, name, mode, environment) < 4 or environment == nil then environment = env end
    if type(chunk) == "string" and sub(chunk, 1, 1) == "\27" then
      return nil, "attempt to load a binary chunk (plugins load text only)"
    end
    return load(chunk, name, "t", environment)
  end
  -- The text of a file of the plugin's folder and its chunk name, or nil and why.
  local function source(path, what, level)
    if type(path) ~= "string" then
      error(format("bad argument #1 to '%s' (string expected, got %s)", what, type(path)), level + 1)
    end
    local text, why, missing = readSource(path, p.folder)
    if text then return text, "@" .. (sub(path, 1, 1) == "/" and path or p.folder .. "/" .. path) end
    if missing then return nil, "cannot open " .. path end
    error(what .. ": " .. why, level + 1)
  end
  base.loadfile = function(path, mode, environment)
    local text, chunkname = source(path, "loadfile", 2)
    if not text then return nil, chunkname end
    if environment == nil then environment = env end
    return load(text, chunkname, "t", environment)
  end
  base.dofile = function(path)
    local text, chunkname = source(path, "dofile", 2)
    if not text then error(chunkname, 2) end
    local chunk, message = load(text, chunkname, "t", env)
    if not chunk then error(message, 2) end
    return chunk()
  end
  base.collectgarbage = function(option, ...)
    if option == nil or option == "collect" or option == "count" or option == "step" then
      return collect(option, ...)
    end
    error(format("collectgarbage(%q) is not available to plugins", tostring(option)), 2)
  end
  base.require = function(name) return (pluginRequire(p, name, 2)) end
  base.package = { loaded = p.loaded, preload = {}, path = "", cpath = "", config = config, searchers = {} }
  base.os = guarded(p, { time = ostime, date = osdate, clock = osclock, difftime = osdifftime }, "os.", osNeeds)
  local ioTable = { type = iotype }
  if p.permissions.files then
    ioTable.open = confinedOpen(p)
    ioTable.lines = confinedLines(p, ioTable.open)
  end
  if p.permissions.os then
    base.os.execute, base.os.getenv, base.os.remove, base.os.rename = osexecute, osgetenv, osremove, osrename
    ioTable.popen = iopopen
  end
  base.io = guarded(p, ioTable, "io.", ioNeeds)
  base.ui = modules.ui and view(p, "ui")
  base.loop = modules.loop and view(p, "loop")
  for name, permission in next, moduleNeeds do
    if modules[name] and p.permissions[permission] then base[name] = view(p, name) end
  end
  base.plugin = setmetatable({}, {
    __index = {
      name = p.name, version = p.version, folder = p.path or p.folder,
      dataDirectory = function()
        if not p.permissions.files then permissionError(p, "plugin.dataDirectory", "files", 2) end
        return dataDirectory()
      end,
    },
    __newindex = function() error("plugin is read-only", 2) end,
    __metatable = false,
  })
  base._G = env
  setmetatable(base, {
    __index = function(_, key)
      local permission = globalNeeds[key]
      if permission ~= nil then permissionError(p, tostring(key), permission, 2) end
      return nil
    end,
    __metatable = false,
  })
  return setmetatable(env, { __index = base, __metatable = false })
end

local function runMain(p)
  p.loaded, p.views = {}, {}
  p.env = newEnvironment(p)
  local text, chunkname = ownSource(p, p.main, 1)
  if not text then
    error(format("%s: main: no file for module '%s' in %s", p.file, p.main, p.folder), 0)
  end
  return (runFile(p, p.main, text, chunkname, 1))
end

-- The message of a failed main without its traceback, which the report keeps.
local function firstPart(message)
  -- An error value's __tostring is the plugin's code: it may fail or give no string.
  local shown, text = pcall(tostring, message)
  if not shown or type(text) ~= "string" then text = format("(a %s error value that tostring cannot show)", type(message)) end
  local at = find(text, "\nstack traceback:", 1, true)
  return at and sub(text, 1, at - 1) or text
end

-- Runs plugin `name`'s main once; later calls give what it returned, or its error.
function loadPlugin(name, level)
  local state = states[name]
  if state then
    if state.loaded ~= nil then return state.loaded end
    if state.failed then error(state.failed, level + 1) end
    if state.running then
      local now = status(state.running)
      if now == "running" or now == "normal" then
        error(format("plugin '%s' is required again while its main runs (a require cycle)", name), level + 1)
      end
      local message = format("plugin '%s' failed: its main was stopped before it finished "
        .. "(the instruction budget or the memory cap)", name)
      states[name] = { failed = message }
      error(message, level + 1)
    end
  end
  local p = plugins[name]
  if not p then error(format("no plugin '%s' on the plugin path", name), level + 1) end
  if p.skipped then error(format("plugin '%s' was skipped: %s", name, p.skipped), level + 1) end
  lastTraceback, lastError = nil, nil
  local thread = create(function() return xpcall(runMain, keepMainTraceback, p) end)
  states[name] = { running = thread }
  local resumed, ok, value = resume(thread, p)
  local yielded = resumed and status(thread) == "suspended"
  if resumed and ok and not yielded then
    if value == nil then value = true end
    states[name] = { loaded = value }
    return value
  end
  local reason = resumed and value or ok
  if yielded then reason = "its main yielded, which a plugin's main may not" end
  local message = format("plugin '%s' failed: %s", name, firstPart(reason))
  states[name] = { failed = message, traceback = lastTraceback }
  error(message, level + 1)
end

local loader = {}

-- What package.searchers[1] gives for a name that is no Swift module: the plugin's loader.
function loader.searcher(name)
  if pending and not plugins[name] then
    pending = false
    resolve()
  end
  if plugins[name] then return function() return (loadPlugin(name, 3)) end, plugins[name].folder end
  return "\n\tno module '" .. tostring(name) .. "' in the registry or on the plugin path"
end

-- infos: name -> { name, version, folder, path (the folder's absolute path), file, main, requires = {name = true},
-- permissions = {permission = true} } or { name, skipped = reason }. Plugins already
-- loaded (or failed) stay as they are.
function loader.setPlugins(infos)
  for name, info in next, infos do
    if states[name] == nil then plugins[name] = info end
  end
end

-- The plugins not loaded are forgotten until the new folders are read.
function loader.markPending()
  pending = true
  for name in next, plugins do
    if states[name] == nil then plugins[name] = nil end
  end
end

-- For Swift: loads plugin `name`; returns true, or false with the message and traceback.
function loader.load(name)
  local ok, message = pcall(loadPlugin, name, 1)
  if ok then return true end
  local state = states[name]
  return false, tostring(message), state and state.traceback
end

-- "loaded", "failed", "running", "skipped", "available" or nil.
function loader.status(name)
  local state = states[name]
  if state then
    if state.loaded ~= nil then return "loaded" end
    if state.failed then return "failed" end
    return "running"
  end
  local p = plugins[name]
  if not p then return nil end
  return p.skipped and "skipped" or "available"
end

return loader
