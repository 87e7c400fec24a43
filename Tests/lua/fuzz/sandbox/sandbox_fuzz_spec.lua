-- Random sequences of standard-library calls made from inside a plugin (the one in this
-- folder, with the "files" permission), checking after each step that nothing of the app
-- changed: its globals, string, math, table and the other libraries, their metatables,
-- package, its random numbers, and no file outside the plugin's folder (read only) and the
-- data directory. A step may raise (that is the point); none may reach the app.
local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
package.path = here .. "/../?.lua;" .. package.path
local fuzzkit = require("fuzzkit")

-- A plugin's warnings are among the calls; they would only fill the run's output.
warn("@off")

local sandbox = require("fuzzsandbox")
local data = sandbox.dataDirectory()
local folder = here

-- Files outside: a canary the plugin may not touch, a link to it from the data directory,
-- and names that must never appear.
local canary = os.tmpname()
do
  local file = assert(io.open(canary, "w"))
  file:write("canary")
  file:close()
end
os.execute(("ln -s '%s' '%s/link.txt'"):format(canary, data))
local mustNotExist = {
  canary .. ".new", folder .. "/new.txt", folder .. "/../escape.txt", "/tmp/luascreens-sandbox-escape",
}
local ownFiles = {}
for _, name in ipairs{ "init.lua", "plugin.lua" } do
  local file = assert(io.open(folder .. "/" .. name, "rb"))
  ownFiles[name] = file:read("a")
  file:close()
end

local paths = {
  "init.lua", "plugin.lua", "new.txt", "../escape.txt", "../sandbox/init.lua", "/tmp/luascreens-sandbox-escape",
  canary, canary .. ".new", data .. "/link.txt", data .. "/notes.txt", data .. "/../escape.txt",
  data .. "/sub/x.txt", data .. "/store.sqlite", data .. "/store.sqlite-wal", "/proc/self/environ",
  "/proc/self/mem", "/proc/self/cwd/init.lua", "/etc/passwd", "a\0b", "", ".", "..", "/", data,
  folder .. "/init.lua", folder .. "/new.txt", "init.lua\0../../x",
}
local modes = { "r", "w", "a", "r+", "w+", "a+", "rb", "wb", "x", "", "rw", "w\0" }
local modules = {
  "ui", "loop", "store", "notify", "test", "debug", "io", "os", "string", "package", "fuzzsandbox",
  "fuzzsandbox.init", "fuzzkit", "luassert", "init", "plugin", "..init", "a\0b", "../fuzzkit", "/etc/passwd",
}

-- Functions of the plugin's environment, with how their arguments are made.
-- Hostile values the plugin could make itself: none of the app's objects or classes, which
-- an app that hands them over gives to the plugin to use.
local function value(r)
  local roll = r.int(1, 8)
  if roll <= 3 then return r.pick(fuzzkit.numbers)
  elseif roll <= 5 then return r.pick(fuzzkit.strings)
  elseif roll == 6 then return r.pick{ true, false, nil }
  end
  return r.pick{
    function() return {} end, function() local t = {} t[1] = t return t end,
    function() return function() end end, function() return function() error("failed") end end,
    function() return setmetatable({}, { __tostring = function() return {} end }) end,
    function() return { "text", 1, [0] = "zero" } end,
  }()
end
local function path(r) return r.pick(paths) end
local function small(r) return r.pick{ 0, 1, 2, 3, -1, 10, 100, 0 / 0, 1 / 0, math.mininteger, 2.5 } end
local function text(r) return r.pick{ "", "x", "abc", "%d", "%s%s", "(.)%1", "[a-", "%", "日本", "\0", ("y"):rep(300) } end
local calls = {
  { "string.byte", text, small, small }, { "string.char", small, small }, { "string.find", text, text, small },
  { "string.format", text, value, value }, { "string.gsub", text, text, text }, { "string.lower", text },
  { "string.match", text, text }, { "string.rep", text, small, text }, { "string.reverse", text },
  { "string.sub", text, small, small }, { "string.upper", text }, { "string.pack", text, value },
  { "string.unpack", text, text }, { "string.dump", value }, { "<string>.__index.dump", value },
  { "<string>.__index.rep", text, small }, { "table.concat", value, text }, { "table.insert", value, value },
  { "table.unpack", value, small, small }, { "table.sort", value, value }, { "table.move", value, small, small, small },
  { "math.random", small, small }, { "math.randomseed", value, value }, { "math.floor", value },
  { "math.tointeger", value }, { "math.fmod", value, value }, { "utf8.char", small }, { "utf8.len", text, small },
  { "utf8.codepoint", text, small, small }, { "coroutine.yield", value }, { "coroutine.wrap", value },
  { "coroutine.running" }, { "coroutine.isyieldable" }, { "coroutine.close", value },
  { "os.time", value }, { "os.date", text, value }, { "os.clock" }, { "os.difftime", value, value },
  { "os.execute", value }, { "os.getenv", text }, { "os.remove", path }, { "os.rename", path, path },
  { "os.exit", value }, { "os.tmpname" }, { "os.setlocale", text },
  { "io.open", path, function(r) return r.pick(modes) end }, { "io.lines", path, value }, { "io.type", value },
  { "io.popen", text }, { "io.read", value }, { "io.write", text }, { "io.output", path }, { "io.input", path },
  { "load", text, text, text }, { "loadfile", path, text }, { "dofile", path },
  { "require", function(r) return r.pick(modules) end }, { "getmetatable", value }, { "setmetatable", value, value },
  { "rawget", value, value }, { "rawset", value, value, value }, { "rawequal", value, value }, { "rawlen", value },
  { "next", value, value }, { "pairs", value }, { "select", small, value, value }, { "tostring", value },
  { "tonumber", value, small }, { "pcall", value, value }, { "error", value, small }, { "assert", value, value },
  { "collectgarbage", function(r) return r.pick{ "collect", "count", "step", "stop", "restart", "incremental", "generational", "isrunning", "setpause" } end, small },
  { "debug.getregistry" }, { "debug.sethook", value, text }, { "package.loadlib", path, text },
  { "plugin.dataDirectory" }, { "warn", text, text }, { "loop.quit" }, { "ui.Window.new", value, value },
}

-- Assignments through the plugin's names for what the app has too.
local targets = {
  "_ENV", "string", "math", "table", "utf8", "coroutine", "os", "io", "package", "package.loaded",
  "package.preload", "package.searchers", "<string>", "<string>.__index", "ui", "loop", "plugin",
}
local keys = { "upper", "format", "random", "randomseed", "insert", "pwned", "__index", "__newindex", "__add",
               "__gc", "__metatable", "path", "loaded", "searchers", "ui", "View", "require", "_G", "print", 1 }

-- Snippets run as chunks of the plugin.
local snippets = {
  "setmetatable(%s, { __index = function() return 'pwned' end, __newindex = function() end })",
  "getmetatable(%s).__index = { pwned = true }",
  "getmetatable(%s).__newindex = function() error('pwned') end",
  "rawset(getmetatable(%s), '__add', function() return 'pwned' end)",
  "for k in pairs(%s) do rawset(%s, k, nil) end",
  "local t = %s; t.pwned = true",
  "debug.setmetatable(%s, nil)",
  "return ('').dump(function() return %s end)",
  "math.randomseed(7) return math.random(%s)",
}
local expressions = { "''", "'x'", "1", "1.5", "print", "true", "coroutine.running()", "ui", "loop", "io",
                      "package.loaded", "_G", "_ENV", "string", "getmetatable('')", "math", "table", "nil" }

-- MARK: - What the app has, and checks that it still has it

local watched = { "string", "math", "table", "utf8", "coroutine", "os", "io", "debug", "package" }

local function shallow(t)
  local copy = {}
  if type(t) == "table" then for k, v in next, t do copy[k] = v end end
  return copy
end

local function snapshot()
  local s = { G = shallow(_G), libraries = {}, metatables = {} }
  for _, name in ipairs(watched) do s.libraries[name] = shallow(rawget(_G, name)) end
  s.loaded, s.preload, s.searchers = shallow(package.loaded), shallow(package.preload), shallow(package.searchers)
  s.path, s.cpath = package.path, package.cpath
  local meta = debug.getmetatable("")
  s.stringMeta, s.stringMetaFields, s.stringIndex = meta, shallow(meta), shallow(meta and meta.__index)
  for i, v in ipairs{ 1, print, true, coroutine.running() } do s.metatables[i] = debug.getmetatable(v) or false end
  s.nilMeta = debug.getmetatable(nil) or false
  return s
end

local function differs(before, after)
  for k, v in next, before do
    if not rawequal(after[k], v) then return tostring(k) end
  end
  for k in next, after do
    if before[k] == nil then return tostring(k) .. " (added)" end
  end
  return nil
end

local function check(before, step)
  local after = snapshot()
  local function fail(what) error(("step %s changed %s"):format(step, what), 0) end
  local changed = differs(before.G, after.G)
  if changed then fail("the global " .. changed) end
  for _, name in ipairs(watched) do
    changed = differs(before.libraries[name], after.libraries[name])
    if changed then fail(name .. "." .. changed) end
  end
  for _, part in ipairs{ "loaded", "preload", "searchers", "stringMetaFields", "stringIndex" } do
    changed = differs(before[part], after[part])
    if changed then fail(part .. " " .. changed) end
  end
  if before.path ~= after.path or before.cpath ~= after.cpath then fail("package.path") end
  if before.stringMeta ~= after.stringMeta then fail("the string metatable") end
  changed = differs(before.metatables, after.metatables)
  if changed then fail("a metatable of another type (" .. changed .. ")") end
  if before.nilMeta ~= after.nilMeta then fail("nil's metatable") end
  -- Files.
  local file = io.open(canary, "rb")
  local content = file and file:read("a")
  if file then file:close() end
  if content ~= "canary" then fail("the canary file outside (" .. tostring(content) .. ")") end
  for _, name in ipairs(mustNotExist) do
    local made = io.open(name, "rb")
    if made then
      made:close()
      os.remove(name)
      fail("the file system: it made " .. name)
    end
  end
  for name, text in pairs(ownFiles) do
    local own = assert(io.open(folder .. "/" .. name, "rb"))
    local now = own:read("a")
    own:close()
    if now ~= text then fail("the plugin's own " .. name) end
  end
end

-- The app's random numbers: a seed gives the same draws with the step in between.
local function drawn(seed)
  math.randomseed(seed)
  return math.random(1, 1000000000)
end

-- MARK: - Steps

-- One step, drawn from `r` before it runs (the draws would move the app's random numbers):
-- what it does, and the action.
local function step(r)
  local kind = r.int(1, 10)
  if kind <= 6 then
    local call = r.pick(calls)
    local args = {}
    for i = 2, #call do args[i - 1] = call[i](r) end
    return call[1], function() sandbox.call(call[1], #call - 1, table.unpack(args, 1, #call - 1)) end
  elseif kind <= 8 then
    local target, key, v, raw = r.pick(targets), r.pick(keys), value(r), r.chance(0.5)
    return ("%s[%s] = ... (raw: %s)"):format(target, tostring(key), tostring(raw)), function() sandbox.set(target, key, v, raw) end
  else
    local template, expression = r.pick(snippets), r.pick(expressions)
    local code = template:gsub("%%s", expression)
    return code, function() sandbox.run(code) end
  end
end

describe("fuzzing the plugin sandbox with standard-library calls", function()
  fuzzkit.properties("sandbox", fuzzkit.count(120), function(r)
    for _ = 1, r.int(1, 8) do
      local seed = r.int(1, 1000000)
      local done, action = step(r)
      fuzzkit.note("%s", done)
      local expected = drawn(seed)
      local before = snapshot()
      math.randomseed(seed)
      action()
      local draw = math.random(1, 1000000000)
      check(before, done)
      if draw ~= expected then error(("step %s changed the app's random numbers"):format(done), 0) end
    end
  end)

  it("leaves nothing outside", function()
    os.remove(canary)
    os.remove(data .. "/link.txt")
  end)
end)
