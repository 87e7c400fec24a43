-- Random and hostile values through every registered class of `ui`, `loop` and `notify`:
-- constructors with random fields, every property set and read, every method and class
-- function called with random arguments, and the results drawn by both renderers. A case
-- may raise (that is the point); none may crash or hang the host.
local fuzzkit = require("fuzzkit")

local classes = fuzzkit.classes("ui")
for name, class in pairs(fuzzkit.classes("loop")) do classes[name] = class end
for name, class in pairs(fuzzkit.classes("notify")) do classes[name] = class end

-- What a case must not call: it would end the run, not test the host.
local skipped = { ["loop.quit"] = true }

-- The fields and methods of a class and its documented ancestors.
local function members(class)
  local fields, methods, seen = {}, {}, {}
  local current = class
  while current and not seen[current] do
    seen[current] = true
    for _, field in ipairs(current.fields) do fields[#fields + 1] = field end
    for _, method in ipairs(current.methods) do methods[#methods + 1] = method end
    current = current.parent and classes[current.parent]
  end
  return fields, methods
end

-- The classes scripts can make with `new`.
local constructible = {}
for name, class in pairs(classes) do
  local value = fuzzkit.resolve(name)
  if type(value) == "table" and type(value.new) == "function" then
    constructible[#constructible + 1] = { name = name, class = class, value = value }
  end
end
table.sort(constructible, function(a, b) return a.name < b.name end)

-- A window to show what a case made, rendered after each case.
local function show(object)
  local window = ui.Window:new{ device = "iphone" }
  window:makeKeyAndVisible()
  if type(object) == "userdata" then
    pcall(function() window:addSubview(object) end)
    pcall(function() window.rootViewController = object end)
  end
  pcall(window.layoutIfNeeded, window)
  pcall(window.render, window, "text")
  pcall(window.render, window, "svg")
  pcall(window.hitTest, window, { x = 10, y = 10 })
  pcall(window.tap, window, { x = 160, y = 240 })
  return window
end

local function randomFields(r, fields)
  local t = {}
  for _ = 1, r.int(0, 4) do
    local key = r.chance(0.8) and #fields > 0 and r.pick(fields) or fuzzkit.value(r)
    if key ~= nil and key == key then t[key] = fuzzkit.value(r) end
  end
  return t
end

local function exercise(r, entry)
  local fields, methods = members(entry.class)
  local ok, object
  if r.chance(0.3) then ok, object = pcall(entry.value.new, entry.value, randomFields(r, fields)) end
  if not ok then ok, object = pcall(entry.value.new, entry.value, {}) end
  if not ok then ok, object = pcall(entry.value.new, entry.value, ui.Controller:new{}) end
  if not ok then return end
  fuzzkit.remember(object)
  if r.chance(0.5) then
    local other = r.pick(constructible)
    local got, second = pcall(other.value.new, other.value, {})
    if got then fuzzkit.remember(second) end
  end
  for _ = 1, r.int(1, 12) do
    local roll = r.int(1, 3)
    if roll == 1 and #fields > 0 then
      local field = r.pick(fields)
      local value = fuzzkit.value(r)
      fuzzkit.note(entry.name .. "." .. field .. " = %s", value)
      pcall(function() object[field] = value end)
    elseif roll == 2 and #methods > 0 then
      local method = r.pick(methods)
      if not skipped[entry.name .. "." .. method] then
        local args, n = fuzzkit.arguments(r, 4)
        fuzzkit.note(entry.name .. ":" .. method .. "(%s, %s, %s, %s) [%d args]", args[1], args[2], args[3], args[4], n)
        pcall(function() return object[method](object, table.unpack(args, 1, n)) end)
      end
    else
      -- A method called on the wrong kind of self.
      local method = #methods > 0 and r.pick(methods)
      if method then
        local self = fuzzkit.value(r)
        fuzzkit.note(entry.name .. "." .. method .. "(%s)", self)
        pcall(function() return object[method](self) end)
      end
    end
  end
  for _, field in ipairs(fields) do pcall(function() return object[field] end) end
  pcall(tostring, object)
  fuzzkit.note("show %s", object)
  show(object)
  test.advance(r.pick({ 0, 0.1, 1, 5 }))
end

local functions = {}
for name, class in pairs(classes) do
  for _, fn in ipairs(class.functions) do
    local full = name .. "." .. fn
    if not skipped[full] and type(fuzzkit.resolve(full)) == "function" then functions[#functions + 1] = full end
  end
  for _, method in ipairs(class.methods) do
    -- Module functions documented with a colon are still called through their table.
    local full = name .. "." .. method
    if not name:find("%.") and not skipped[full] and type(fuzzkit.resolve(full)) == "function" then
      functions[#functions + 1] = full
    end
  end
end
table.sort(functions)

describe("fuzzing the ui, loop and notify bindings", function()
  it("finds the registered classes and functions", function()
    assert.is_true(#constructible > 10, "the registry lists the ui classes")
    assert.is_true(#functions > 5, "the modules have functions")
  end)

  -- Constructs a class with random fields, sets and reads its properties, calls its methods.
  fuzzkit.cases("members", fuzzkit.count(2000), function(r) exercise(r, r.pick(constructible)) end)

  -- Calls the module and class functions with random arguments.
  fuzzkit.cases("functions", fuzzkit.count(1000), function(r)
    local name = r.pick(functions)
    local args, n = fuzzkit.arguments(r, 4)
    fuzzkit.note(name .. "(%s, %s, %s, %s) [%d args]", args[1], args[2], args[3], args[4], n)
    pcall(fuzzkit.resolve(name), table.unpack(args, 1, n))
    test.advance(r.pick({ 0, 0.5, 2 }))
  end)

  -- Reaches the objects other objects hand out (bars, items, touches) and fuzzes them too.
  fuzzkit.cases("reachable", fuzzkit.count(500), function(r)
    local entry = r.pick(constructible)
    local fields = members(entry.class)
    local ok, object = pcall(entry.value.new, entry.value)
    if not ok then return end
    for _, field in ipairs(fields) do
      local got, value = pcall(function() return object[field] end)
      -- A Swift object's protected metatable names its class.
      local class = got and type(value) == "userdata" and classes[getmetatable(value)]
      if class then
        local innerFields, innerMethods = members(class)
        for _ = 1, 3 do
          if #innerFields > 0 then
            local key, v = r.pick(innerFields), fuzzkit.value(r)
            fuzzkit.note(entry.name .. "." .. field .. "." .. key .. " = %s", v)
            pcall(function() value[key] = v end)
            pcall(function() return value[key] end)
          end
          if #innerMethods > 0 then
            local args, n = fuzzkit.arguments(r, 3)
            local method = r.pick(innerMethods)
            fuzzkit.note(entry.name .. "." .. field .. ":" .. method .. "(%s, %s, %s)", args[1], args[2], args[3])
            pcall(function() return value[method](value, table.unpack(args, 1, n)) end)
          end
        end
      end
    end
    show(object)
  end)
end)
