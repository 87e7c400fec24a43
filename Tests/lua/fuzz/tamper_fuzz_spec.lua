-- Tampering with what a script should not reach: metatables swapped between classes, the
-- registry scrambled, upvalues and finalizers of the host's functions touched through
-- `debug`, binary chunks loaded, hooks replaced. A case may raise; none may crash or hang.
local fuzzkit = require("fuzzkit")

-- Finalizers that fail are among the cases; their warnings would only fill the run's output.
warn("@off")

-- What a case changed, undone when it ends, so that each case starts from an intact host
-- (a case that left a class's __index broken would make every later case harmless).
local undo = {}

local function remember(restore)
  undo[#undo + 1] = restore
end

local function setfield(t, key, value)
  local old = rawget(t, key)
  remember(function() rawset(t, key, old) end)
  rawset(t, key, value)
end

local function setmeta(value, meta)
  local old = debug.getmetatable(value)
  remember(function() debug.setmetatable(value, old) end)
  debug.setmetatable(value, meta)
end

local function setupvalue(f, n, value)
  local name, old = debug.getupvalue(f, n)
  if name == nil then return end
  remember(function() debug.setupvalue(f, n, old) end)
  debug.setupvalue(f, n, value)
end

local function setuservalue(u, value, n)
  local old = debug.getuservalue(u, n)
  remember(function() debug.setuservalue(u, old, n) end)
  debug.setuservalue(u, value, n)
end

local function rollback()
  for i = #undo, 1, -1 do pcall(undo[i]) end
  undo = {}
end

-- One object of every class of the registry that scripts make (a class registered there is
-- tampered with too), a navigation controller with a root, and a store's context.
local makeable = {}
for _, class in ipairs(test.classes()) do
  if class.module == "ui" and class.constructible then makeable[#makeable + 1] = class end
end

local function objects()
  local list = {
    ui.NavigationController:new(ui.Controller:new{}),
    store.open(":memory:", store.model{ E = { name = "string" } }).context,
  }
  for _, class in ipairs(makeable) do
    local fields = {}
    for key, value in pairs(class.sample) do fields[key] = value end
    local ok, object = pcall(ui[class.key].new, ui[class.key], fields)
    if ok then list[#list + 1] = object end
  end
  return list
end

local actions = {
  -- A metatable of another class.
  function(r, list)
    local keys = { "title", "frame", "text", "view", "hasChanges", "rootViewController", "state", "subviews",
                   "navigationItem", "isViewLoaded", "viewControllers", "insertedObjects" }
    for _ = 1, r.int(1, 6) do
      local a, b = r.pick(list), r.pick(list)
      pcall(setmeta, a, debug.getmetatable(b))
      for _ = 1, 4 do
        local key = r.pick(keys)
        pcall(function() return a[key] end)
        pcall(function() a[key] = fuzzkit.value(r) end)
      end
      pcall(function() return a:addSubview(b) end)
      pcall(function() return a:removeFromParent() end)
      pcall(tostring, a)
      pcall(function() return a == b end)
    end
  end,
  -- Metatable fields edited or called by hand.
  function(r, list)
    local a = r.pick(list)
    local meta = debug.getmetatable(a)
    if type(meta) ~= "table" then return end
    local key = r.pick({ "__index", "__newindex", "__gc", "__eq", "__tostring", "__name", "__close", "__call" })
    local roll = r.int(1, 3)
    if roll == 1 then pcall(meta[key], a, fuzzkit.value(r), fuzzkit.value(r))
    elseif roll == 2 then pcall(meta[key], fuzzkit.value(r), fuzzkit.value(r))
    else
      pcall(setfield, meta, key, fuzzkit.value(r))
      pcall(function() return a.frame end)
      pcall(tostring, a)
    end
  end,
  -- Upvalues of the host's functions, read and replaced.
  function(r, list)
    local a = r.pick(list)
    local meta = debug.getmetatable(a) or {}
    local functions = { meta.__index, meta.__newindex, meta.__gc, ui.View.new, ui.View.addSubview,
                        loop.after, notify.post, store.model, print, ui.Controller.new, ui.View.extend }
    local f = r.pick(functions)
    if type(f) ~= "function" then return end
    local n = r.int(1, 3)
    local ok, _, value = pcall(debug.getupvalue, f, n)
    if ok and r.chance(0.7) then pcall(setupvalue, f, n, fuzzkit.value(r)) end
    if type(value) == "table" then
      for k in pairs(value) do pcall(setfield, value, k, fuzzkit.value(r)) break end
    elseif type(value) == "userdata" then
      local m = debug.getmetatable(value)
      if type(m) == "table" and m.__gc then pcall(m.__gc, value) end
    end
    pcall(function() return a.frame end)
    pcall(function() a.hidden = true end)
    pcall(function() return ui.View:new{} end)
    pcall(loop.after, 0, function() end)
  end,
  -- The registry cleared or scrambled.
  function(r, list)
    local registry = debug.getregistry()
    if type(registry) ~= "table" then return end
    local keys = {}
    for k in pairs(registry) do keys[#keys + 1] = k end
    local roll = r.int(1, 3)
    if roll == 1 then
      for _, k in ipairs(keys) do pcall(setfield, registry, k, nil) end
    elseif roll == 2 then
      for _, k in ipairs(keys) do if r.chance(0.5) then pcall(setfield, registry, k, fuzzkit.value(r)) end end
    else
      for _ = 1, r.int(1, 20) do
        local k = r.pick(keys)
        if k ~= nil then pcall(setfield, registry, k, r.chance(0.5) and nil or fuzzkit.value(r)) end
      end
    end
    pcall(function() return ui.View:new{} end)
    pcall(function() return r.pick(list).frame end)
    pcall(loop.after, 0, function() end)
    test.advance(0.1)
  end,
  -- User values replaced.
  function(r, list)
    local a = r.pick(list)
    pcall(setuservalue, a, fuzzkit.value(r), r.int(-1, 3))
    pcall(function() return a.frame end)
    pcall(function() a.tag = 3 end)
    pcall(function() return a.view end)
  end,
  -- Binary chunks, mutated.
  function(r)
    local ok, dumped = pcall(string.dump, function(x) return x + 1, { x } end)
    if not ok then return end
    local bytes = { dumped:byte(1, -1) }
    for _ = 1, r.int(1, 8) do bytes[r.int(1, #bytes)] = r.int(0, 255) end
    local chunk = string.char(table.unpack(bytes))
    -- As text: a test file loads bytecode as Lua does, which a mutated chunk crashes (the
    -- host's refusal of bytecode is LuaBridgeTests').
    local f = load(chunk, "=binary", "t")
    if f then pcall(f, 1) end
  end,
  -- Hooks replaced.
  function(r)
    local hook, mask, count = debug.gethook()
    remember(function() debug.sethook(hook, mask, count) end)
    pcall(debug.sethook, function() end, r.pick({ "c", "r", "l", "", "crl" }), r.int(0, 100))
    for _ = 1, 1000 do local _ = {} end
    pcall(debug.sethook)
  end,
  -- Finalizers that fail or allocate.
  function(r)
    for _ = 1, 10 do
      setmetatable({}, { __gc = function() if r.chance(0.5) then error("gc failed") end local t = {} for i = 1, 100 do t[i] = {} end end })
    end
    collectgarbage()
  end,
}

describe("fuzzing tampering through debug, metatables and the registry", function()
  fuzzkit.cases("tampering", fuzzkit.count(200), function(r)
    local list = objects()
    local ok, message = pcall(function()
      for _ = 1, r.int(1, 4) do
        r.pick(actions)(r, list)
      end
      local window = ui.Window:new{}
      pcall(window.makeKeyAndVisible, window)
      pcall(window.render, window, "text")
      test.advance(0.5)
    end)
    rollback()
    if not ok then error(message, 0) end
  end)
end)
