-- Hello as the pilot launches it: a script that prints its greeting and returns no app, so
-- its screen is empty; the launch loads its module afresh and raises no error.
describe("hello through the pilot", function()
  --- Launches hello, keeping what it prints.
  local function launch()
    local printed, print = {}, print
    _G.print = function(...) printed[#printed + 1] = table.concat({ ... }, "\t") end
    local ok, app = pcall(test.launch, "scripts/hello")
    _G.print = print
    assert(ok, app)
    return app, printed
  end

  it("prints its greeting and shows an empty screen, without an error", function()
    local app, printed = launch()
    assert.are.same({ "Hello from LuaScreens!", "Lua 5.4, 2 + 3 = 5" }, printed)
    assert.are.equal("", app:text())
    assert.is_nil(app:controller())
    assert.are.same({}, app:errors())
    assert.snapshot(app:screen(), "pilot-empty")
  end)

  it("loads the greeting module afresh for each launch", function()
    local before = require("greeting")
    launch()
    local after = require("greeting")
    assert.are_not.equal(before, after)
    assert.are.equal("Hello from Lua!", after.text("Lua"))
  end)
end)
