-- Hello as a person uses it: the greeting on screen, "Greet again" counting the greetings,
-- and About pushing a second screen that the back button or Esc leaves, with a finger or
-- with the keys. The launch prints the greeting too, and loads the app's module afresh.
describe("hello through the pilot", function()
  --- Launches hello, keeping what it prints.
  local function launch()
    local printed, print = {}, print
    _G.print = function(...) printed[#printed + 1] = table.concat({ ... }, "\t") end
    local ok, app = pcall(test.launch)
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

  it("pushes the About screen, and its back button returns", function()
    local app = launch()
    app:tap("About")
    assert.are.equal("About", app:controller().title)
    assert.is_not_nil(app:find("LuaScreens runs apps written in Lua,"))
    assert.is_not_nil(app:find("Esc             go back"))
    assert.snapshot(app:screen(), "pilot-about")
    app:tap("< Hello")
    assert.are.equal("Hello", app:controller().title)
    assert.is_nil(app:find("go back"))
    assert.are.same({}, app:errors())
  end)

  it("goes there and back with the keys alone", function()
    local app = launch()
    -- Tab goes to Greet again, then to About.
    app:key("tab")
    assert.are.equal("Greet again", app.window.focusedView.currentTitle)
    app:key("enter")
    assert.is_not_nil(app:find("Hello from LuaScreens! (2)"))
    app:key("tab")
    assert.are.equal("About", app.window.focusedView.currentTitle)
    app:key("space")
    assert.are.equal("About", app:controller().title)
    -- The About screen has no controls, but its back button.
    app:key("tab")
    assert.are.equal("< Hello", app.window.focusedView.currentTitle)
    app:key("escape")
    assert.are.equal("Hello", app:controller().title)
    -- The count survived the trip; the focus went with the back button, and Tab starts
    -- again at the top.
    assert.is_not_nil(app:find("Hello from LuaScreens! (2)"))
    assert.is_nil(app.window.focusedView)
    app:key("tab")
    assert.are.equal("Greet again", app.window.focusedView.currentTitle)
    assert.are.same({}, app:errors())
  end)

  it("loads the greeting module afresh for each launch", function()
    local before = require("greeting")
    launch()
    local after = require("greeting")
    assert.are_not.equal(before, after)
    assert.are.equal("Hello from Lua!", after.text("Lua"))
  end)
end)
