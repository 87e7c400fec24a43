-- The AlarmClock port: the alarm hand as a control written in Lua, the long press on the
-- face, the button and switch in sync, and the screen as snapshots.
local geometry = require("geometry")
local app = require("main")

describe("AlarmClock", function()
  local window, screen

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    app.didFinishLaunching(window)
    screen = app.screen
  end)

  -- The window point at `radius` from the clock's centre in the direction of `time`.
  local function pointFor(time, radius)
    local local_point = geometry.pointWithRadius(screen.clock, radius or 100, geometry.timeToAngle(time))
    return screen.clock:convertPoint(local_point, nil)
  end

  local function longPress(point)
    window:touch("began", point)
    test.advance(0.5)
    window:touch("ended", point)
  end

  describe("the alarm hand", function()
    it("converts between time and angle: twelve hours are a full turn", function()
      local alarm = screen.alarm
      alarm.time = 3 * 3600
      assert.near(math.pi / 2, alarm:angle(), 1e-12)
      alarm:setAngle(math.pi)
      assert.near(6 * 3600, alarm.time, 1e-6)
    end)

    it("takes touches only near the hand", function()
      screen.alarm.hidden = false
      screen.alarm.time = 0
      assert.is_true(screen.alarm:pointInside(geometry.pointWithRadius(screen.alarm, 80, 0.03)))
      assert.is_false(screen.alarm:pointInside(geometry.pointWithRadius(screen.alarm, 80, 0.2)))
      assert.are.equal(screen.alarm, window:hitTest(pointFor(0, 80)))
      assert.are.equal(screen.clock, window:hitTest(pointFor(2 * 3600, 80)))
    end)

    it("follows the finger, sending valueChanged while dragging and touchUpInside at the end", function()
      screen.alarm.hidden = false
      screen.alarm.time = 0
      local events = {}
      screen.alarm:addTarget(function(_, event) events[#events + 1] = event end,
        { "valueChanged", "touchDown", "touchUpInside", "touchUpOutside" })
      window:touch("began", pointFor(0))
      window:touch("moved", pointFor(1800))
      window:touch("moved", pointFor(3600))
      window:touch("ended", pointFor(3600))
      assert.are.same({ "valueChanged", "touchDown", "valueChanged", "valueChanged", "valueChanged", "touchUpInside" }, events)
      assert.is_true(math.abs(screen.alarm.time - 3600) < 1)
      assert.are.equal("Alarm 1:00", screen.timeLabel.text)
      assert.is_true(math.abs(app.alarmSet - 3600) < 1)
    end)

    it("goes back to where it was when the gesture is cancelled", function()
      screen.alarm.hidden = false
      screen.alarm.time = 0
      window:touch("began", pointFor(0))
      window:touch("moved", pointFor(5400))
      assert.is_true(math.abs(screen.alarm.time - 5400) < 1)
      window:touch("cancelled", pointFor(5400))
      assert.are.equal(0, screen.alarm.time)
    end)
  end)

  describe("the long press on the face", function()
    it("switches the alarm on at the finger, and off again", function()
      assert.is_true(screen.alarm.hidden)
      longPress(pointFor(3 * 3600, 120))
      assert.is_false(screen.alarm.hidden)
      assert.is_false(screen.timeLabel.hidden)
      assert.are.equal("Alarm 3:00", screen.timeLabel.text)
      longPress(pointFor(3 * 3600, 120))
      assert.is_true(screen.alarm.hidden)
      assert.is_true(screen.timeLabel.hidden)
    end)

    it("does nothing when released too early", function()
      window:touch("began", pointFor(0, 120))
      test.advance(0.2)
      window:touch("ended", pointFor(0, 120))
      assert.is_true(screen.alarm.hidden)
    end)
  end)

  describe("the alarm notification", function()
    local START = 10 * 3600 + 9 * 60 + 30   -- the time the clock shows at launch

    -- The one pending notification, or nil.
    local function pending()
      local list = notify.pending()
      assert.is_true(#list <= 1)
      return list[1]
    end

    it("is scheduled for the next time the clock shows the alarm time when the alarm is switched on", function()
      assert.is_nil(pending())
      local now = loop.now()
      longPress(pointFor(3 * 3600, 120))
      local note = pending()
      assert.is_not_nil(note)
      assert.are.equal("Aufwachen!", note.body)
      assert.near(3 * 3600, note.userInfo.alarm, 1e-6)
      -- 10:09:30 to 3:00 on a twelve-hour face is 4 h 50 min 30 s.
      assert.near(now + 0.5 + (3 * 3600 - START) % 43200, note.fireTime, 1e-6)
    end)

    it("moves when the hand is let go, and is cancelled when the alarm is switched off", function()
      longPress(pointFor(3 * 3600, 120))
      local first = pending()
      window:touch("began", pointFor(3 * 3600))
      window:touch("moved", pointFor(4 * 3600))
      assert.are.equal(first, pending())          -- not while the finger still holds the hand
      window:touch("ended", pointFor(4 * 3600))
      local second = pending()
      assert.is_false(first.pending)
      assert.near(4 * 3600, second.userInfo.alarm, 1)
      assert.near(loop.now() + (second.userInfo.alarm - START) % 43200, second.fireTime, 1e-6)
      test.advance(1)
      longPress(pointFor(3 * 3600, 120))
      assert.is_true(screen.alarm.hidden)
      assert.is_nil(pending())
      assert.is_false(second.pending)
    end)

    it("rings: the app shows the notification's text", function()
      _G.app = app                               -- as `screens run` makes the app the host's
      longPress(pointFor(3 * 3600, 120))
      test.advance((3 * 3600 - START) % 43200)
      _G.app = nil
      assert.is_nil(pending())
      assert.is_false(screen.timeLabel.hidden)
      assert.are.equal("Aufwachen!", screen.timeLabel.text)
    end)
  end)

  describe("the switch and the latching button", function()
    local function tapButton()
      window:tap({ x = 232, y = 392 })
      test.advance(1)
    end

    it("show ein, klick while pressed, and aus while the clock runs", function()
      local button = screen.button
      assert.are.equal("ein", button.currentTitle)
      window:touch("began", { x = 232, y = 392 })
      assert.are.equal("klick", button.currentTitle)
      window:touch("ended", { x = 232, y = 392 })
      assert.are.equal("aus", button.currentTitle)
      assert.is_true(screen.switch.on)
      window:touch("began", { x = 232, y = 392 })
      assert.are.equal("klick", button.currentTitle)   -- selected+highlighted has its own title
      window:touch("ended", { x = 232, y = 392 })
      assert.are.equal("ein", button.currentTitle)
      assert.is_false(screen.switch.on)
    end)

    it("stay in sync, and the clock only runs while they are on", function()
      local start = screen.clock.time
      window:tap({ x = 40, y = 392 })                  -- the switch
      assert.is_true(screen.switch.on)
      assert.is_true(screen.button.selected)
      test.advance(3)
      assert.are.equal(start + 3, screen.clock.time)
      tapButton()
      assert.is_false(screen.switch.on)
      assert.is_false(screen.button.selected)
      test.advance(5)
      assert.are.equal(start + 3, screen.clock.time)
    end)
  end)

  describe("the screen", function()
    it("looks as it did, as text and as SVG", function()
      longPress(pointFor(7 * 3600, 120))
      assert.snapshot(window:render("text"), "alarmclock")
      assert.snapshot(window:render("svg"), "alarmclock")
    end)
  end)
end)
