-- Hello as a person uses it: the greeting on screen, and "Greet again" counting the
-- greetings. The launch prints the greeting too, and loads the app's module afresh.
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

  it("greets on screen and prints its greeting", function()
    local app, printed = launch()
    assert.are.same({ "Hello from LuaScreens!", "Lua 5.4, 2 + 3 = 5" }, printed)
    assert.is_not_nil(app:find("Hello from LuaScreens!"))
    assert.are.equal("Hello", app:controller().title)
    assert.snapshot(app:screen(), "pilot-greeting")
  end)

  it("counts the greetings when Greet again is tapped", function()
    local app = launch()
    app:tap("Greet again")
    app:tap("Greet again")
    assert.are.equal("Hello from LuaScreens! (3)", app:controller().label.text)
    assert.is_not_nil(app:find("Hello from LuaScreens! (3)"))
    assert.are.same({}, app:errors())
    assert.snapshot(app:screen(), "pilot-greeted-twice")
  end)

  it("loads the greeting module afresh for each launch", function()
    local before = require("greeting")
    launch()
    local after = require("greeting")
    assert.are_not.equal(before, after)
    assert.are.equal("Hello from Lua!", after.text("Lua"))
  end)
end)
