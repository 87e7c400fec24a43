-- modules (chunk `=plugins`): the first half of the plugin loader, run by every host before
-- any script: the registry's searcher for the Swift modules, first in package.searchers,
-- and a copy of the standard functions and tables as they are then, for the plugin loader
-- proper (sandbox.lua), which is loaded only when a plugin is first needed: an app that
-- uses none pays for none of it.
--
-- Arguments: `openModule(name)` (builds a Swift module of the registry),
-- `pluginSearcher(name)` (what package.searchers gives for a name that is no Swift module:
-- a message, or the plugin loader's answer).
-- Returns a table: `searcher`, `setModules(names)`, `module(name)`, `modules` (name -> true),
-- `env` (the copy, with `_G` the host's globals).

local openModule, pluginSearcher = ...
local next, type, ipairs = next, type, ipairs
local G = _G

-- The standard functions and tables as they are now, before any script: the plugin loader
-- starts from these, so nothing a script does in the meantime reaches plugins through them.
local env = {}
for key, value in next, G do env[key] = value end
for _, name in ipairs{ "string", "table", "math", "utf8", "coroutine", "os", "io", "debug", "package" } do
  local library = G[name]
  if type(library) == "table" then
    local copy = {}
    for key, value in next, library do copy[key] = value end
    env[name] = copy
  end
end

-- The string metatable as the host made it: strings index it whatever a script does later.
env.stringMeta = getmetatable("")

local modules = {}      -- name -> true: the Swift modules of the registry
local moduleValues = {} -- name -> value, once opened

local function module(name)
  local value = moduleValues[name]
  if value == nil then
    value = openModule(name)
    if value == nil then value = true end
    moduleValues[name] = value
  end
  return value
end

-- package.searchers[1]: the registry's modules, then the plugins.
local function searcher(name)
  if type(name) ~= "string" then
    error("bad argument #1 to 'searcher' (string expected, got " .. type(name) .. ")", 2)
  end
  if modules[name] then return function() return module(name) end, ":module:" end
  return pluginSearcher(name)
end

local function setModules(names)
  for _, name in ipairs(names) do modules[name] = true end
end

table.insert(package.searchers, 1, searcher)

return { searcher = searcher, setModules = setModules, module = module, modules = modules, env = env }
