-- The alarm clock as a person uses it: a long press on the face where the 3 is drawn sets
-- the alarm there, "ein" starts the clock and becomes "aus", the switch stops it, and the
-- alarm rings on the virtual clock.
describe("alarm clock through the pilot", function()
  local app

  before_each(function()
    app = test.launch()
  end)

  it("shows the stopped clock at 10:09:30 with the alarm off", function()
    assert.are.equal("ein", app:text())
    assert.snapshot(app:screen(), "pilot-launched")
  end)

  it("sets the alarm where the face is long-pressed, and rings", function()
    app:longPress("3", 0.5)
    assert.is_not_nil(app:find("Alarm 2:44"))
    assert.snapshot(app:screen(), "pilot-alarm")
    -- A short press does not switch it off.
    app:longPress("9", 0.2)
    assert.is_not_nil(app:find("Alarm 2:44"))
    -- From 10:09:30 the clock shows 2:44 and some seconds 4 h 34 min later, and rings.
    app:advance(4 * 3600 + 34 * 60)
    assert.is_nil(app:find("Aufwachen!"))
    app:advance(60)
    assert.is_not_nil(app:find("Aufwachen!"))
  end)

  it("switches the alarm off with a second long press", function()
    app:longPress("3", 0.5)
    app:longPress("9", 0.5)
    assert.is_nil(app:find("Alarm 2:44"))
    assert.is_nil(app.app.notification)
  end)

  it("starts the clock with the button and stops it with the switch", function()
    app:tap("ein")
    assert.is_not_nil(app:find("aus"))
    assert.is_nil(app:find("ein"))
    app:advance(30)
    assert.are.equal(10 * 3600 + 10 * 60, app.app.screen.clock.time)
    assert.snapshot(app:screen(), "pilot-running")
    app:tap("on")
    assert.is_not_nil(app:find("ein"))
    app:advance(30)
    assert.are.equal(10 * 3600 + 10 * 60, app.app.screen.clock.time)
  end)
end)
