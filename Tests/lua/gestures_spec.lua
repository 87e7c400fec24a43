-- Gesture recognizers as UIKit has them beyond the built-in ones: actions removed again
-- (removeTarget), a view's recognizers set at once, and recognizers written in Lua, which
-- override the touches methods and reset and drive their own state.

describe("gesture recognizers", function()
  local window, surface
  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    surface = ui.View:new{ frame = { 0, 0, 320, 480 } }
    window:addSubview(surface)
  end)

  -- A scratch-out gesture: a horizontal drag that turns back at least three times, each
  -- stroke 10 points or more, without straying 20 points up or down.
  local function scratchClass(note)
    local Scratch = ui.GestureRecognizer:extend("Scratch")
    function Scratch:init() self.turns, self.direction = 0, 0 end
    function Scratch:reset()
      note("reset")
      self.turns, self.direction, self.lastX, self.startY = 0, 0, nil, nil
    end
    function Scratch:touchesBegan(touches)
      if self.numberOfTouches > 1 then
        self.state = "failed"
        return
      end
      self.lastX, self.startY = touches[1].x, touches[1].y
    end
    function Scratch:touchesMoved(touches)
      local touch = touches[1]
      if math.abs(touch.y - self.startY) > 20 then
        self.state = "failed"
        return
      end
      local dx = touch.x - self.lastX
      if math.abs(dx) < 10 then return end
      local direction = dx > 0 and 1 or -1
      if direction ~= self.direction then
        if self.direction ~= 0 then self.turns = self.turns + 1 end
        self.direction = direction
      end
      self.lastX = touch.x
      if self.turns >= 3 then self.state = "recognized" end
    end
    function Scratch:touchesEnded()
      if self.state == "possible" then self.state = "failed" end
    end
    return Scratch
  end

  local function drag(points)
    window:touch("began", points[1])
    for index = 2, #points do
      test.advance(0.02)
      window:touch("moved", points[index])
    end
    window:touch("ended", points[#points])
    test.advance(1)
  end

  describe("written in Lua", function()
    it("recognize a scratch-out, call their actions, and reset once the touch is lifted", function()
      local log = {}
      local function note(text) log[#log + 1] = text end
      local Scratch = scratchClass(note)
      local scratch = Scratch:new{ action = function(g) note("action " .. g.state) end }
      local Pad = ui.View:extend("ScratchPad")
      function Pad:touchesCancelled() note("pad cancelled") end
      local pad = Pad:new{ frame = { 20, 100, 280, 100 } }
      surface:addSubview(pad)
      surface:addGestureRecognizer(scratch)
      drag({ { 100, 150 }, { 140, 152 }, { 100, 148 }, { 140, 150 }, { 100, 151 }, { 140, 150 } })
      -- Recognizing cancels the touches of the views below first, then calls the actions.
      assert.are.same({ "pad cancelled", "action ended", "reset" }, log)
      assert.are.equal("possible", scratch.state)
      -- A straight drag fails, and so does a scratch that strays up or down: no action.
      log = {}
      drag({ { 100, 150 }, { 200, 150 }, { 260, 150 } })
      drag({ { 100, 150 }, { 140, 150 }, { 100, 190 }, { 140, 150 }, { 100, 150 } })
      assert.are.same({ "reset", "reset" }, log)
    end)

    it("get the touches in their view's coordinates, and reach Swift through super", function()
      local Probe = ui.GestureRecognizer:extend("Probe")
      local seen = {}
      function Probe:touchesBegan(touches)
        seen[#seen + 1] = { #touches, touches[1].x, touches[1].y, touches[1].phase }
        Probe.super.touchesBegan(self, touches)
      end
      function Probe:touchesCancelled(touches)
        seen[#seen + 1] = "cancelled"
        Probe.super.touchesCancelled(self, touches)
      end
      local view = ui.View:new{ frame = { 50, 60, 100, 100 } }
      surface:addSubview(view)
      local probe = Probe:new{}
      view:addGestureRecognizer(probe)
      window:touch("began", { 60, 80 })
      window:touch("cancelled", { 60, 80 })
      assert.are.same({ { 1, 10, 20, "began" }, "cancelled" }, seen)
      assert.are.equal("possible", probe.state)
    end)

    it("drive a continuous gesture through began, changed and ended", function()
      local Hold = ui.GestureRecognizer:extend("Hold")
      function Hold:touchesBegan() self.state = "began" end
      function Hold:touchesMoved() self.state = "changed" end
      function Hold:touchesEnded() self.state = "ended" end
      local states = {}
      surface:addGestureRecognizer(Hold:new{ action = function(g) states[#states + 1] = g.state end })
      drag({ { 10, 10 }, { 20, 10 }, { 30, 10 } })
      assert.are.same({ "began", "changed", "changed", "ended" }, states)
    end)

    it("refuse a state the gesture cannot move to, saying where it can", function()
      local Bad = ui.GestureRecognizer:extend("Bad")
      local problems = {}
      local function try(state)
        local ok, message = pcall(function() Bad.current.state = state end)
        if not ok then problems[#problems + 1] = message end
      end
      function Bad:touchesBegan()
        Bad.current = self
        try("changed")
        try("possible")
        try("began")
        try("began")
        try("bogus")
      end
      function Bad:touchesEnded()
        try("recognized")
        try("failed")
      end
      surface:addGestureRecognizer(Bad:new{})
      drag({ { 10, 10 }, { 12, 10 } })
      for _, message in ipairs(problems) do
        assert.matches("^[^:]*gestures_spec%.lua:%d+: bad value for property 'state' of ui.GestureRecognizer %(", message)
      end
      local reasons = {}
      for index, message in ipairs(problems) do reasons[index] = message:match("of ui%.GestureRecognizer %((.*)%)$") end
      assert.are.same({
        "cannot change from 'possible' to 'changed' (from 'possible' it goes to 'began', 'ended', 'recognized' or 'failed')",
        "cannot change from 'possible' to 'possible' (from 'possible' it goes to 'began', 'ended', 'recognized' or 'failed')",
        "cannot change from 'began' to 'began' (from 'began' it goes to 'changed', 'ended', 'recognized' or 'cancelled')",
        "invalid option 'bogus' (expected possible, began, changed, ended, recognized, cancelled or failed)",
        "cannot change from 'ended' to 'failed' (it goes back to 'possible' by itself once the touches are lifted)",
      }, reasons)
    end)

    it("are the only ones whose state a script sets", function()
      local tap = ui.TapGesture:new{}
      assert.has_error(function() tap.state = "ended" end,
        "bad value for property 'state' of ui.GestureRecognizer (only a recognizer of ui.GestureRecognizer or a class that extends it sets its state)")
      assert.are.equal("possible", tap.state)
    end)

    it("extend the built-in ones too: a tap that counts its touches and resets through super", function()
      local CountingTap = ui.TapGesture:extend("CountingTap")
      local seen = {}
      function CountingTap:touchesBegan(touches)
        seen[#seen + 1] = string.format("began %d", touches[1].x)
        CountingTap.super.touchesBegan(self, touches)
      end
      function CountingTap:reset()
        seen[#seen + 1] = "reset"
        CountingTap.super.reset(self)
      end
      local taps = 0
      local tap = CountingTap:new{ action = function() taps = taps + 1 end }
      local view = ui.View:new{ frame = { 50, 60, 100, 100 } }
      surface:addSubview(view)
      view:addGestureRecognizer(tap)
      window:tap({ 60, 80 })
      -- The Swift tap recognized through super, then was reset once the touch was lifted.
      assert.are.same({ "began 10", "reset" }, seen)
      assert.are.equal(1, taps)
      -- Its state stays its own: only a ui.GestureRecognizer of Lua's sets it.
      assert.has_error(function() tap.state = "began" end,
        "bad value for property 'state' of ui.GestureRecognizer (only a recognizer of ui.GestureRecognizer or a class that extends it sets its state)")
    end)
  end)

  describe("removeTarget", function()
    it("removes a function, a target's method, all of a target's, a method of any target, or all", function()
      local calls = {}
      local function first() calls[#calls + 1] = "first" end
      local function second() calls[#calls + 1] = "second" end
      local Screen = ui.Controller:extend("GestureScreen")
      function Screen:tapped() calls[#calls + 1] = self.name .. ".tapped" end
      function Screen:pressed() calls[#calls + 1] = self.name .. ".pressed" end
      local a, b = Screen:new{ name = "a" }, Screen:new{ name = "b" }
      local table_target = { hit = function() calls[#calls + 1] = "table.hit" end }
      local tap = ui.TapGesture:new{ action = first }
      tap:addTarget(second)
      tap:addTarget(a, "tapped")
      tap:addTarget(a, "pressed")
      tap:addTarget(b, "tapped")
      tap:addTarget(table_target, "hit")
      surface:addGestureRecognizer(tap)
      local function tapAndTake()
        calls = {}
        window:tap({ 100, 100 })
        test.advance(1)
        return calls
      end
      assert.are.same({ "first", "second", "a.tapped", "a.pressed", "b.tapped", "table.hit" }, tapAndTake())
      tap:removeTarget(first)
      assert.are.same({ "second", "a.tapped", "a.pressed", "b.tapped", "table.hit" }, tapAndTake())
      tap:removeTarget(a, "pressed")
      tap:removeTarget(table_target, "hit")
      assert.are.same({ "second", "a.tapped", "b.tapped" }, tapAndTake())
      tap:removeTarget(nil, "tapped")
      assert.are.same({ "second" }, tapAndTake())
      tap:addTarget(a, "tapped")
      tap:addTarget(a, "pressed")
      tap:removeTarget(a)
      assert.are.same({ "second" }, tapAndTake())
      tap:removeTarget()
      assert.are.same({}, tapAndTake())
    end)

    it("leaves what it does not name, and refuses what cannot be an action", function()
      local calls = 0
      local tap = ui.TapGesture:new{ action = function() calls = calls + 1 end }
      surface:addGestureRecognizer(tap)
      tap:removeTarget(function() end)
      tap:removeTarget({}, "hit")
      window:tap({ 100, 100 })
      assert.are.equal(1, calls)
      assert.has_error(function() tap:removeTarget(42) end,
        "bad argument #1 to 'removeTarget' (function, target or nil expected, got number)")
      assert.has_error(function() tap:removeTarget(print, "x") end,
        "bad argument #2 to 'removeTarget' (a function action has no method name)")
    end)
  end)

  describe("view.gestureRecognizers", function()
    it("replaces the view's recognizers with a list, taking each from its view", function()
      local other = ui.View:new{ frame = { 0, 0, 10, 10 } }
      local tap, pan, swipe = ui.TapGesture:new{}, ui.PanGesture:new{}, ui.SwipeGesture:new{}
      surface:addGestureRecognizer(tap)
      other:addGestureRecognizer(pan)
      surface.gestureRecognizers = { pan, swipe, pan }
      assert.are.same({ pan, swipe }, surface.gestureRecognizers)
      assert.are.equal(surface, pan.view)
      assert.are.equal(surface, swipe.view)
      assert.is_nil(tap.view)
      assert.are.same({}, other.gestureRecognizers)
      surface.gestureRecognizers = nil
      assert.are.same({}, surface.gestureRecognizers)
      assert.is_nil(pan.view)
      assert.has_error(function() surface.gestureRecognizers = { tap, 5 } end)
    end)

    it("set recognizers that see the view's touches", function()
      local taps = 0
      surface.gestureRecognizers = { ui.TapGesture:new{ action = function() taps = taps + 1 end } }
      window:tap({ 100, 100 })
      assert.are.equal(1, taps)
    end)
  end)
end)
