-- The stubs of the test API (docs/lua/screentest.lua) match what a test file gets: every
-- function of `test` has a stub and every stub a function, and every documented global
-- exists. (The ui, loop, notify and store stubs are checked by DocsTests in Swift.)

-- The repository's root, from where this file is (Tests/lua/docs_spec.lua), so that the
-- suite runs from any folder.
local here = debug.getinfo(1, "S").source:match("^@(.*)$") or ""
local root = here:match("^(.-)Tests/lua/docs_spec%.lua$") or ""

local function stubs()
  local file = assert(io.open(root .. "docs/lua/screentest.lua", "r"))
  local text = file:read("a")
  file:close()
  local module, globals = {}, {}
  for line in text:gmatch("[^\n]+") do
    local name = line:match("^function test%.([%w_]+)%(")
    if name then module[name] = true end
    local global = line:match("^function ([%w_]+)%(")
    if global then globals[global] = true end
  end
  return module, globals
end

describe("docs/lua/screentest.lua", function()
  it("has a stub for each function of test and a function for each stub", function()
    local documented = stubs()
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
    local _, globals = stubs()
    local missing = {}
    for name in pairs(globals) do
      if _G[name] == nil then missing[#missing + 1] = name end
    end
    table.sort(missing)
    assert.are.same({}, missing)
  end)
end)
