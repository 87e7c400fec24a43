-- Touches, controls and gestures together: which gets a tap, what actions learn about the
-- touch, tracking overrides in every control class, and where errors are reported.

describe("touches", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  local function recorder(control, events)
    local log = {}
    control:addTarget(function(_, event) log[#log + 1] = event end, events or
      { "touchDown", "touchDownRepeat", "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged" })
    return log
  end

  describe("a control's default action", function()
    it("beats a tap gesture on its superview, as in UIKit since iOS 6", function()
      local surface = ui.View:new{ frame = { 0, 0, 320, 480 } }
      window:addSubview(surface)
      local taps = 0
      surface:addGestureRecognizer(ui.TapGesture:new{ action = function() taps = taps + 1 end })
      local button = ui.Button:new{ frame = { 10, 10, 100, 40 }, title = "Save" }
      local switch = ui.Switch:new{ frame = { 10, 60, 50, 20 } }
      surface:addSubview(button)
      surface:addSubview(switch)
      local buttonLog, switchLog = recorder(button), recorder(switch)
      window:tap({ 20, 20 })
      test.advance(1)
      window:tap({ 20, 70 })
      assert.are.same({ "touchDown", "touchUpInside" }, buttonLog)
      assert.are.same({ "touchDown", "valueChanged", "touchUpInside" }, switchLog)
      assert.is_true(switch.on)
      assert.are.equal(0, taps)
      test.advance(1)
      window:tap({ 200, 300 })
      assert.are.equal(1, taps)
    end)

    it("does not keep a tap from a gesture on the control itself, or on a plain control", function()
      local button = ui.Button:new{ frame = { 10, 10, 100, 40 } }
      local plain = ui.Control:new{ frame = { 10, 100, 100, 40 } }
      window:addSubview(button)
      window:addSubview(plain)
      local taps = 0
      button:addGestureRecognizer(ui.TapGesture:new{ action = function() taps = taps + 1 end })
      window:addGestureRecognizer(ui.TapGesture:new{ action = function() taps = taps + 10 end })
      local buttonLog, plainLog = recorder(button), recorder(plain)
      window:tap({ 20, 20 })
      test.advance(1)
      window:tap({ 20, 110 })
      assert.are.equal(11, taps)
      assert.are.same({ "touchDown", "touchCancel" }, buttonLog)
      assert.are.same({ "touchDown", "touchCancel" }, plainLog)
    end)
  end)

  describe("actions", function()
    it("get the touch third, with its tap count and place in the sender", function()
      local button = ui.Button:new{ frame = { 100, 100, 100, 40 } }
      window:addSubview(button)
      local downs, repeats, doubleTaps = {}, {}, 0
      button:addTarget(function(sender, event, touch)
        downs[#downs + 1] = { touch.tapCount, touch.x, touch.y, touch.phase }
      end, "touchDown")
      button:addTarget(function(sender, event, touch)
        repeats[#repeats + 1] = touch.tapCount
        if touch.tapCount == 2 then doubleTaps = doubleTaps + 1 end   -- a double tap
        assert.are.same({ x = 10, y = 5 }, touch:locationIn(sender))  -- in the sender's coordinates
      end, "touchDownRepeat")
      for _ = 1, 3 do
        window:tap({ 110, 105 })
        test.advance(0.1)
      end
      assert.are.same({ { 1, 10, 5, "began" }, { 2, 10, 5, "began" }, { 3, 10, 5, "began" } }, downs)
      assert.are.same({ 2, 3 }, repeats)
      assert.are.equal(1, doubleTaps)
      test.advance(1)
      window:tap({ 110, 105 })
      assert.are.equal(1, downs[4][1])
    end)

    it("give target methods the same arguments", function()
      local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
      window:addSubview(button)
      local Screen = ui.Controller:extend("TouchScreen")
      function Screen:tapped(sender, event, touch)
        self.seen = { sender, event, touch.tapCount, touch.x, touch.y }
      end
      local screen = Screen:new{}
      button:addTarget(screen, "tapped", "touchUpInside")
      window:tap({ 30, 20 })
      assert.are.same({ button, "touchUpInside", 1, 30, 20 }, screen.seen)
      local target = { hits = {} }
      function target:hit(sender, event, touch) self.hits[#self.hits + 1] = touch and touch.tapCount or "none" end
      button:addTarget(target, "hit", { "touchUpInside", "valueChanged" })
      test.advance(0.1)
      window:tap({ 30, 20 })
      button:sendActions("valueChanged")
      assert.are.same({ 2, "none" }, target.hits)
    end)

    it("give the touch to a function taking ... too", function()
      local button = ui.Button:new{ frame = { 10, 10, 100, 40 } }
      window:addSubview(button)
      local counts = {}
      button:addTarget(function(...) counts[#counts + 1] = select(3, ...).tapCount end, "touchUpInside")
      button:addTarget(function(sender, event) counts[#counts + 1] = event end, "touchUpInside")
      window:tap({ 20, 20 })
      assert.are.same({ 1, "touchUpInside" }, counts)
    end)

    it("get no touch when code sends them", function()
      local switch = ui.Switch:new{ frame = { 0, 0, 50, 20 } }
      local args
      switch:addTarget(function(...) args = table.pack(...) end, "valueChanged")
      switch:sendActions("valueChanged")
      assert.are.equal(3, args.n)
      assert.are.equal(switch, args[1])
      assert.are.equal("valueChanged", args[2])
      assert.is_nil(args[3])
    end)
  end)

  describe("every control class", function()
    -- Every control class a script can extend, from the host's registry.
    local classes = {}
    for _, class in ipairs(test.classes()) do
      if class.kind == "control" and class.extensible then
        local fields = {}
        for key, value in pairs(class.sample) do fields[key] = value end
        classes[#classes + 1] = { class.key, fields }
      end
    end
    for _, entry in ipairs(classes) do
      local name, fields = entry[1], entry[2]
      it("lets a Lua subclass of ui." .. name .. " override the tracking methods", function()
        local Class = ui[name]:extend("Tracked" .. name)
        local calls = {}
        function Class:beginTracking(touch)
          calls[#calls + 1] = { "begin", touch.x, touch.y }
          return true
        end
        function Class:continueTracking(touch)
          calls[#calls + 1] = { "continue", touch.x }
          return true
        end
        function Class:endTracking(touch) calls[#calls + 1] = { "end", touch.x } end
        function Class:cancelTracking() calls[#calls + 1] = { "cancel" } end
        fields.frame = { 10, 10, 100, 20 }
        local control = Class:new(fields)
        window:addSubview(control)
        window:touch("began", { 20, 15 })
        window:touch("moved", { 30, 15 })
        window:touch("ended", { 40, 15 })
        test.advance(1)
        window:touch("began", { 20, 15 })
        window:touch("cancelled", { 20, 15 })
        assert.are.same({ { "begin", 10, 5 }, { "continue", 20 }, { "end", 30 }, { "begin", 10, 5 }, { "cancel" } }, calls)
      end)
    end

    it("runs the Swift tracking through super", function()
      local Quiet = ui.Switch:extend("QuietSwitch")
      local ends = 0
      function Quiet:endTracking(touch)
        ends = ends + 1
        Quiet.super.endTracking(self, touch)
      end
      local switch = Quiet:new{ frame = { 0, 0, 50, 20 } }
      window:addSubview(switch)
      window:tap({ 10, 10 })
      assert.are.equal(1, ends)
      assert.is_true(switch.on)
    end)
  end)

  describe("errors", function()
    it("in a gesture action given to new name the line of new", function()
      local surface = ui.View:new{ frame = { 0, 0, 320, 480 } }
      window:addSubview(surface)
      local line = debug.getinfo(1, "l").currentline + 1
      surface:addGestureRecognizer(ui.TapGesture:new{ action = function() error("tap broke") end })
      surface:addGestureRecognizer(ui.LongPressGesture:new{
        minimumPressDuration = 0.2,
        action = function() error("press broke") end,
      })
      window:tap({ 5, 5 })
      window:touch("began", { 50, 50 })
      test.advance(0.3)
      window:touch("ended", { 50, 50 })
      local reported = test.errors()
      assert.are.equal(3, #reported)   -- the tap, and the long press as it began and ended
      assert.matches("^gesture action added at .-touch_spec%.lua:" .. line .. "$", reported[1].context)
      assert.matches("^gesture action added at .-touch_spec%.lua:" .. (line + 1) .. "$", reported[2].context)
      assert.matches("tap broke", reported[1].message)
    end)

    it("in didReceiveLocalNotification name the notification", function()
      local start = loop.now()
      -- The host finds the app in the real globals; a plain global set here would be the test's.
      _G.app = { didReceiveLocalNotification = function(note) error("ring broke: " .. note.body) end }
      notify.schedule{ after = 60, body = "Wake up" }
      notify.schedule{ after = 90, body = "Snooze" }
      test.advance(100)
      _G.app = nil
      local reported = test.errors()
      assert.are.equal(2, #reported)
      assert.are.equal(string.format('didReceiveLocalNotification for the notification "Wake up" due at %gs', start + 60), reported[1].context)
      assert.are.equal(string.format('didReceiveLocalNotification for the notification "Snooze" due at %gs', start + 90), reported[2].context)
      assert.matches("ring broke: Wake up", reported[1].message)
    end)
  end)

  describe("a memory warning", function()
    it("cancels the touches in progress", function()
      local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
      local surface = ui.View:new{ frame = { 0, 100, 320, 200 } }
      window:addSubview(button)
      window:addSubview(surface)
      local states = {}
      surface:addGestureRecognizer(ui.PanGesture:new{ action = function(g) states[#states + 1] = g.state end })
      local log = recorder(button)
      window:touch("began", { 10, 10 }, 1)
      window:touch("began", { 10, 110 }, 2)
      window:touch("moved", { 60, 110 }, 2)
      window:memoryWarning()
      window:touch("ended", { 10, 10 }, 1)
      window:touch("ended", { 60, 110 }, 2)
      assert.are.same({ "touchDown", "touchCancel" }, log)
      assert.are.same({ "began", "cancelled" }, states)
    end)
  end)
end)
