-- The plugin the sandbox fuzz suite drives: each step names a function of this plugin's
-- environment ("string.rep", "setmetatable", "io.open", ...) or a field to assign, and it
-- runs here, in a coroutine of its own (a yield stays inside), under pcall.
local M = {}
-- The harness's own functions, kept before any step can replace the plugin's globals.
local pack, unpack, create, resume = table.pack, table.unpack, coroutine.create, coroutine.resume
local pcall, load, rawset, getmetatable, type, gmatch = pcall, load, rawset, getmetatable, type, string.gmatch
local dataDirectory = plugin.dataDirectory
local ENV = _ENV

-- What a dotted name stands for in the plugin's environment, or nil and why.
local function resolve(path)
  local value = ENV
  for part in gmatch(path, "[^%.]+") do
    if part == "<string>" then
      value = getmetatable("")
    elseif type(value) ~= "table" then
      return nil
    else
      value = value[part]
    end
  end
  return value
end

-- Calls the function at `path` with the n arguments.
function M.call(path, n, ...)
  local args = pack(...)
  local co = create(function()
    local f = resolve(path)
    return f(unpack(args, 1, n))
  end)
  return resume(co)
end

-- Assigns `value` to field `key` of the table at `path` (raw when `raw`).
function M.set(path, key, value, raw)
  return pcall(function()
    local t = path == "_ENV" and ENV or resolve(path)
    if raw then rawset(t, key, value) else t[key] = value end
  end)
end

-- Runs a chunk of text in the plugin's environment.
function M.run(code, ...)
  local f = load(code, "=fuzz")
  if f then return pcall(f, ...) end
end

function M.dataDirectory() return dataDirectory() end

return M
