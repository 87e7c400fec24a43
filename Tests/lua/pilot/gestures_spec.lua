-- Each pilot action drives the window's touches and keys on the virtual clock, and settles.
local failure = require("support").failure

describe("pilot gestures", function()
  local app

  before_each(function()
    app = test.launch("apps/demo")
  end)


  it("taps twice in a row as two taps, not a double tap", function()
    app:tap("Star")
    assert.is_not_nil(app:find("Starred"))
    app:tap("Star")
    assert.is_not_nil(app:find("Starred"))
    assert.is_nil(app:find("Double starred"))
  end)

  it("double-taps", function()
    app:doubleTap("Star")
    assert.is_not_nil(app:find("Double starred"))
  end)

  it("long-presses for the seconds given", function()
    app:longPress("Hold me", 0.2)
    assert.is_not_nil(app:find("Hold me"))
    local before = test.now()
    app:longPress("Hold me", 1)
    assert.is_not_nil(app:find("Held"))
    assert.is_true(test.now() - before > 0.99)
  end)

  it("swipes from a target and from the middle of the window", function()
    app:swipe("left", "Not swiped")
    assert.is_not_nil(app:find("Swiped left"))
    app:swipe("right")
    assert.is_not_nil(app:find("Swiped right"))
  end)

  it("drags a list by steps, scrolling it", function()
    app:drag("Row 5", "Row 1")
    assert.is_nil(app:find("Row 1"))
    assert.is_not_nil(app:find("Row 7"))
  end)

  it("scrolls the list under a target as the wheel does", function()
    app:scroll("Row 1", 88)
    assert.is_nil(app:find("Row 2"))
    assert.is_not_nil(app:find("Row 6"))
    assert.matches('nothing scrolls at "Add" %(', failure(function() app:scroll("Add", 10) end))
  end)

  it("types into the field being edited and presses keys", function()
    assert.matches("no text field is being edited: tap one first", failure(function() app:type("x") end))
    app:tap("Name")
    app:type("Bo")
    app:key("backspace")
    app:type("e")
    app:key("n")
    app:key("return")
    assert.are.equal("Ben", app.app.home.field.text)
    assert.is_false(app.app.home.field.editing)
  end)

  it("pushes and pops through the navigation bar, with the top controller following", function()
    assert.are.equal("Home", app:controller().title)
    app:tap("Next")
    assert.are.equal("Detail", app:controller().title)
    assert.is_not_nil(app:find("The detail"))
    app:tap("< Home")
    assert.are.equal("Home", app:controller().title)
    app:tap("Next")
    app:key("escape")
    assert.are.equal("Home", app:controller().title)
  end)

  it("gives the presented controller as the top one", function()
    app:tap("Present")
    assert.are.equal("Modal", tostring(app:controller()):match("^%w+"))
  end)

  it("rotates, sends memory warnings, advances time and renders", function()
    app:rotate("landscape")
    assert.are.same({ width = 480, height = 320 }, app.window.size)
    assert.are.equal(20, select(2, app:screen():gsub("\n", "")))
    app:memoryWarning()
    assert.is_true(app.app.warned)
    local before = test.now()
    app:advance(2.5)
    assert.near(2.5, test.now() - before, 1e-9)
    assert.matches("^<svg", app:svg())
  end)

  it("refuses hostile arguments", function()
    assert.matches("bad argument #2 to 'longPress' %(seconds from 0 to 604800 %(a week%) expected, got 1e%+300%)",
      failure(function() app:longPress("Hold me", 1e300) end))
    assert.matches("bad argument #1 to 'advance' %(seconds from 0 to 604800 %(a week%) expected, got %-1%.0%)",
      failure(function() app:advance(-1) end))
    assert.matches("bad argument #1 to 'advance' %(seconds from 0 to 604800 %(a week%) expected, got %-?nan%)",
      failure(function() app:advance(0 / 0) end))
    assert.matches("bad argument #1 to 'swipe' %(invalid option 'diagonal'",
      failure(function() app:swipe("diagonal") end))
    assert.matches("bad argument #2 to 'scroll' %(points from %-1000000 to 1000000 expected, got inf%)",
      failure(function() app:scroll("Row 1", math.huge) end))
    assert.matches("bad argument #1 to 'key' %(invalid option 'nope'", failure(function() app:key("nope") end))
    assert.matches("bad argument #1 to 'rotate'", failure(function() app:rotate("sideways") end))
    assert.matches("bad argument #1 to 'type' %(string expected, got table%)", failure(function() app:type({}) end))
    assert.matches("bad argument #1 to 'settle' %(timeout: seconds from 0 to 604800 %(a week%) expected, got inf%)",
      failure(function() app:settle{ timeout = math.huge } end))
    assert.matches("bad argument #1 to 'settle' %(table of options expected, got number%)",
      failure(function() app:settle(3) end))
    assert.matches("bad argument #2 to 'drag'", failure(function() app:drag("Row 1", { x = 0 / 0, y = 0 }) end))
    assert.matches("bad argument #1 to 'tap' %(test.Pilot expected, got table%)", failure(function() app.tap({}, "Add") end))
    -- Points far off the screen reach nothing, and nothing breaks.
    app:tap({ x = 1e308, y = -1e308 })
    app:drag({ x = 1e308, y = 1e308 }, { x = -1e308, y = -1e308 })
    app:doubleTap({ x = math.maxinteger, y = math.mininteger })
    app:swipe("up", { x = 1e308, y = 1e308 })
    assert.matches("nothing scrolls at %(1e%+308, 0%): no list, scroll view or picker is there",
      failure(function() app:scroll({ x = 1e308, y = 0 }, 10) end))
    assert.is_not_nil(app:find("Count: 0"))
  end)
end)
