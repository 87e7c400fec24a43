-- The stubs of the test API (docs/lua/screentest.lua) match what a test file gets. The stub
-- is loaded with Lua (one that does not compile fails with Lua's message), and what it
-- defines is compared: every function of `test` has a stub and every stub a function, every
-- documented global function exists, and test.Pilot's stub has the members the host's
-- registry gives the class (`test.classes()`). (The ui, loop, notify and store stubs are
-- checked by DocsTests in Swift.)

-- The repository's root, from where this file is (Tests/lua/docs_spec.lua), so that the
-- suite runs from any folder.
local here = debug.getinfo(1, "S").source:match("^@(.*)$") or ""
local root = here:match("^(.-)Tests/lua/docs_spec%.lua$") or ""
local path = root .. "docs/lua/screentest.lua"

local function read()
  local file = assert(io.open(path, "r"))
  local text = file:read("a")
  file:close()
  return text
end

-- What the stub defines when it runs, in an environment of its own.
local function load_stub()
  local env = {}
  local chunk, message = load(read(), "@docs/lua/screentest.lua", "t", env)
  assert(chunk, message)
  chunk()
  return env
end

-- The `--- @field` names of the class `name`'s annotations (comments, which no load sees).
local function fields(name)
  local found, inside = {}, false
  for line in read():gmatch("[^\n]+") do
    if line:find("--- @class ", 1, true) == 1 then
      local rest = line:sub(12)
      inside = rest == name or rest:find(name .. ":", 1, true) == 1 or rest:find(name .. " ", 1, true) == 1
    elseif inside and line:find("--- @field ", 1, true) == 1 then
      local rest = line:sub(12)
      local stop = rest:find(" ", 1, true)
      found[#found + 1] = (stop and rest:sub(1, stop - 1) or rest):gsub("%?$", "")
    elseif line:sub(1, 3) ~= "---" then
      inside = false
    end
  end
  return found
end

local function functions(t)
  local names = {}
  for key, value in pairs(t) do
    if type(key) == "string" and type(value) == "function" then names[key] = true end
  end
  return names
end

describe("docs/lua/screentest.lua", function()
  it("loads", function()
    local chunk, message = load(read(), "@docs/lua/screentest.lua", "t", {})
    assert.is_nil(message)
    assert.is_function(chunk)
  end)

  it("has a stub for each function of test and a function for each stub", function()
    local documented = functions(load_stub().test)
    local problems = {}
    for name, value in pairs(test) do
      if type(value) == "function" and not documented[name] then problems[#problems + 1] = "test." .. name .. ": no stub" end
    end
    for name in pairs(documented) do
      if type(test[name]) ~= "function" then problems[#problems + 1] = "test." .. name .. ": a stub without a function" end
    end
    table.sort(problems)
    assert.are.same({}, problems)
  end)

  it("documents only globals a test file has", function()
    local missing = {}
    for name in pairs(functions(load_stub())) do
      if _ENV[name] == nil then missing[#missing + 1] = name end
    end
    table.sort(missing)
    assert.are.same({}, missing)
  end)

  it("documents test.Pilot as the registry has it", function()
    local record
    for _, class in ipairs(test.classes()) do
      if class.name == "test.Pilot" then record = class end
    end
    assert.is_table(record, "test.Pilot is in the registry")
    local live = {}
    for _, name in ipairs(record.properties) do live[name] = true end
    for _, name in ipairs(record.methods) do live[name] = true end
    local documented = functions(load_stub().test.Pilot)
    for _, name in ipairs(fields("test.Pilot")) do documented[name] = true end
    local problems = {}
    for name in pairs(live) do
      if not documented[name] then problems[#problems + 1] = "test.Pilot." .. name .. ": no stub" end
    end
    for name in pairs(documented) do
      if not live[name] then problems[#problems + 1] = "test.Pilot." .. name .. ": a stub without a member" end
    end
    table.sort(problems)
    assert.are.same({}, problems)
  end)
end)
