-- Shared pieces of the fuzz suites: a seeded generator, pools of hostile values, the
-- classes and members of the host's registry (`test.classes()`), and a
-- case loop that runs every case under pcall.
--
-- FUZZ_SEED (default 20261124) and FUZZ_SCALE (default 1) come from the environment:
-- `make fuzz` runs the same suites with a larger scale and a new seed each time. With
-- FUZZ_TRACE=1 every case is printed before it runs, so a crash names its case.

local fuzzkit = {}
-- busted's names are the spec files' own: a module declares its tests through busted's.
local it = require("busted").it

local seed = tonumber(os.getenv("FUZZ_SEED") or "") or 20261124
local scale = tonumber(os.getenv("FUZZ_SCALE") or "") or 1
local trace = tonumber(os.getenv("FUZZ_TRACE") or "") or 0
local only = tonumber(os.getenv("FUZZ_CASE") or "")
fuzzkit.seed, fuzzkit.scale = seed, scale

-- The number of cases a suite runs at scale 1, times the scale.
function fuzzkit.count(base)
  return math.max(1, math.floor(base * scale))
end

-- A generator of its own per suite and case, so that a case can be replayed alone.
function fuzzkit.random(salt)
  local state = seed ~ (salt or 0)
  math.randomseed(state)
  local r = {}
  function r.int(a, b) return math.random(a, b) end
  function r.chance(p) return math.random() < p end
  function r.pick(list) return list[math.random(1, #list)] end
  function r.float() return math.random() end
  return r
end

-- Where this file is, to find docs/lua from any working folder.
local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
fuzzkit.root = here .. "/../../.."

-- MARK: - Values

local nan = 0 / 0
fuzzkit.numbers = {
  0, -0.0, 1, -1, 2, 0.5, -0.5, 3, 7, 10, 16, 44, 100, 320, 480, 1e-300, -1e-300, 1e9, 1e12, 1e15,
  1e308, -1e308, 1 / 0, -1 / 0, nan, math.mininteger, math.maxinteger, math.mininteger + 1,
  math.maxinteger - 1, 2 ^ 53, 2 ^ 63, -(2 ^ 63), 2 ^ 31, 2 ^ 32, -(2 ^ 31) - 1, 1e5, 0.01, 0.0001,
}

local long = string.rep("long text ", 2000)
fuzzkit.strings = {
  "", "x", "0", "-1", "1e308", "nan", "inf", "normal", "selected+highlighted", "highlighted",
  "text", "svg", "iphone", "ipad", "portrait", "landscape", "began", "moved", "ended", "cancelled",
  "left", "right", "up", "down", "wordWrap", "charWrap", "truncateTail", "clip", "center",
  "touchUpInside", "valueChanged", "editingChanged", "push", "modal", "custom", "forward", "reverse",
  "min", "mid", "max", "pageCurl", "scroll", "horizontal", "vertical", "flexibleWidth", "cascade",
  "string", "integer", "double", "boolean", "date", "binary", "red", "#ff8000", "#zzzzzz", "#12",
  long, "\0", "a\0b", "\xEF\xBF\xBE", "\xEF\xBF\xBF", "\xFF\xFE\xFD", "\xC0\x80", "\xED\xA0\x80",
  "<&>\"'", "]]>", "\27[2J", "\r\n\t\v\f\b", "%s%d%n", "%", "日本語のテキスト", "🙂🙃👍🏽", "\u{202E}rtl",
  ("\n"):rep(500), ("x"):rep(100000),
}

local function cyclic()
  local t = { x = 1, y = 2 }
  t.t = t
  t[1] = t
  return t
end

local function deep(n)
  local t = {}
  local top = t
  for _ = 1, n do
    local inner = {}
    t[1], t.x = inner, inner
    t = inner
  end
  return top
end

-- Tables of numbers shaped like geometry, with hostile numbers in them.
local function geometry(r)
  local function n() return r.pick(fuzzkit.numbers) end
  local shapes = {
    function() return { x = n(), y = n() } end,
    function() return { n(), n() } end,
    function() return { width = n(), height = n() } end,
    function() return { w = n(), h = n() } end,
    function() return { x = n(), y = n(), width = n(), height = n() } end,
    function() return { n(), n(), n(), n() } end,
    function() return { n(), n(), n() } end,
    function() return { r = n(), g = n(), b = n(), a = n() } end,
  }
  return r.pick(shapes)()
end

-- Makers of values that live in the current state: objects of every kind, classes,
-- functions, coroutines. `extra` adds the suite's own.
local function others(r)
  local makers = {
    function() return {} end,
    function() return { 1, 2, 3, 4 } end,
    function() return cyclic() end,
    function() return deep(200) end,
    function() return setmetatable({}, { __index = function() error("index trap") end, __len = function() return 0 / 0 end }) end,
    function() return setmetatable({}, { __name = r.pick{ 42, true, {}, "Forged" } }) end,
    function() return geometry(r) end,
    function() local t = {} for i = 1, 10000 do t[i] = i end return t end,
    function() return { r.pick(fuzzkit.strings), r.pick(fuzzkit.strings) } end,
    function() return { "text", "svg", [0] = "zero", [-1] = "minus", [1.5] = "half", [true] = "t" } end,
    function() return function() end end,
    function() return function() error("callback failed") end end,
    function() return function(...) return ... end end,
    function() return function() return 0 / 0, {}, "x" end end,
    function() return coroutine.create(function() end) end,
    function() return io.stdout end,
    function() return print end,
    function() return ui.View:new{} end,
    function() return ui.Label:new{ text = "label" } end,
    function() return ui.Button:new{ title = "button" } end,
    function() return ui.Controller:new{} end,
    function() return ui.Window:new{} end,
    function() return ui.View end,
    function() return ui.Controller end,
    function() return ui.TapGesture:new{} end,
    function() return ui.NavigationController:new(ui.Controller:new{}) end,
  }
  return r.pick(makers)()
end

-- Objects the current case made or met, which make the likeliest hostile arguments: a view
-- added to itself, a controller pushed twice. Suites add to it; each case starts afresh.
fuzzkit.recent = {}

function fuzzkit.remember(value)
  local recent = fuzzkit.recent
  if #recent >= 16 then table.remove(recent, 1) end
  recent[#recent + 1] = value
end

-- One hostile value of any kind.
function fuzzkit.value(r)
  local roll = r.int(1, 12)
  if roll >= 11 and #fuzzkit.recent > 0 then return r.pick(fuzzkit.recent) end
  if roll <= 3 then return r.pick(fuzzkit.numbers)
  elseif roll <= 5 then return r.pick(fuzzkit.strings)
  elseif roll == 6 then return r.chance(0.5)
  elseif roll == 7 then return nil
  elseif roll == 8 then return geometry(r)
  else return others(r) end
end

-- 0 to `most` hostile values.
function fuzzkit.arguments(r, most)
  local n = r.int(0, most or 4)
  local args = {}
  for i = 1, n do args[i] = fuzzkit.value(r) end
  return args, n
end

-- MARK: - The documented API

-- The classes of `module` in the host's registry (`test.classes()`), each with its
-- properties (`fields`), methods and class functions, by name; and the module itself, with
-- the functions of its table as `functions`. A class registered there is fuzzed without a
-- list to keep.
function fuzzkit.classes(module)
  local classes = {}
  for _, class in ipairs(test.classes()) do
    if class.module == module then
      classes[class.name] = {
        name = class.name, parent = class.parent, fields = class.properties, methods = class.methods,
        functions = class.functions,
      }
    end
  end
  local functions = {}
  for key, value in pairs(_G[module]) do
    if type(key) == "string" and type(value) == "function" then functions[#functions + 1] = key end
  end
  table.sort(functions)
  classes[module] = { name = module, fields = {}, methods = {}, functions = functions }
  return classes
end

-- The value a dotted name (`ui.View`) stands for.
function fuzzkit.resolve(name)
  local value = _G
  for part in name:gmatch("[^%.]+") do
    if type(value) ~= "table" then return nil end
    value = rawget(value, part)
  end
  return value
end

-- MARK: - Running cases

-- With FUZZ_TRACE=2, what a case does, step by step (FUZZ_CASE=N runs case N alone).
function fuzzkit.note(format, ...)
  if trace > 1 then
    local parts = table.pack(...)
    for i = 1, parts.n do
      local v = parts[i]
      if type(v) == "string" and #v > 40 then v = ("%q"):format(v:sub(1, 40)) .. "..(" .. #v .. ")"
      elseif type(v) == "string" then v = ("%q"):format(v)
      else v = tostring(v) end
      parts[i] = v
    end
    io.stderr:write("  " .. format:format(table.unpack(parts, 1, parts.n)) .. "\n")
  end
end

-- Declares `count` tests, "NAME case I", each running `body(r, i)` under pcall with a
-- generator of its own and taking the errors its callbacks reported. FUZZ_CASE=I declares
-- case I alone. `strict`: an error of `body` fails the test, with the case to replay.
local function declare(name, count, body, strict)
  local salt = 0
  for c in name:gmatch(".") do salt = (salt * 31 + c:byte()) % 2147483647 end
  for i = 1, count do
    if not only or only == i then
      it(("%s case %d"):format(name, i), function()
        local r = fuzzkit.random(salt * 100003 + i)
        if trace > 0 then io.stderr:write(("fuzz %s case %d (FUZZ_SEED=%d)\n"):format(name, i, seed)) end
        fuzzkit.recent = {}
        local ok, message = pcall(body, r, i)
        test.errors()
        if strict and not ok then error(("%s (FUZZ_SEED=%d FUZZ_CASE=%d)"):format(tostring(message), seed, i), 0) end
      end)
    end
  end
end

-- Cases that may raise (that is the point): the test fails only if the host crashes or
-- hangs, which the runner reports with the case's name.
function fuzzkit.cases(name, count, body)
  declare(name, count, body, false)
end

-- Cases of properties that must hold: `body` raises to fail the test, so it catches the
-- hostile calls it makes itself.
function fuzzkit.properties(name, count, body)
  declare(name, count, body, true)
end

return fuzzkit
