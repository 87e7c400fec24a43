-- The ui module: views, controls and gestures.

describe("ui", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  describe("views", function()
    it("take geometry in the long and the short forms", function()
      local a = ui.View:new{ frame = { x = 10, y = 20, width = 100, height = 50 } }
      local b = ui.View:new{ frame = { 10, 20, 100, 50 } }
      assert.are.same(a.frame, b.frame)
      b.center = { 60, 45 }
      assert.are.same({ x = 60, y = 45 }, b.center)
      assert.are.same({ x = 0, y = 0, width = 100, height = 50 }, b.bounds)
      assert.has_error(function() b.frame = { 1, 2 } end)
    end)

    it("keep their hierarchy, tags and window", function()
      local parent = ui.View:new{ frame = { 0, 0, 200, 200 } }
      local child = ui.View:new{ frame = { 10, 10, 20, 20 }, tag = 9 }
      window:addSubview(parent)
      parent:addSubview(child)
      assert.are.equal(parent, child.superview)
      assert.are.equal(window, child.window)
      assert.are.equal(child, window:viewWithTag(9))
      assert.are.equal(1, #parent.subviews)
      child:removeFromSuperview()
      assert.is_nil(child.superview)
      assert.are.equal(0, #parent.subviews)
    end)

    it("hit-test the front view, passing over hidden, inert and transparent ones", function()
      local back = ui.View:new{ frame = { 0, 0, 200, 200 } }
      local front = ui.View:new{ frame = { 50, 50, 100, 100 } }
      window:addSubview(back)
      window:addSubview(front)
      assert.are.equal(front, window:hitTest({ 60, 60 }))
      front.hidden = true
      assert.are.equal(back, window:hitTest({ 60, 60 }))
      front.hidden = false
      front.userInteractionEnabled = false
      assert.are.equal(back, window:hitTest({ 60, 60 }))
      front.userInteractionEnabled = true
      front.alpha = 0.005
      assert.are.equal(back, window:hitTest({ 60, 60 }))
    end)

    it("follow their autoresizing when the window rotates", function()
      local bar = ui.View:new{ frame = { 0, 0, 320, 44 }, autoresizing = { "flexibleWidth" } }
      window:addSubview(bar)
      window:rotate("landscape")
      assert.are.same({ width = 480, height = 320 }, window.size)
      assert.are.equal(480, bar.frame.width)
      assert.has_error(function() bar.autoresizing = { "stretchy" } end)
    end)

    it("let Lua subclasses lay out their subviews and call super", function()
      local Row = ui.View:extend("Row")
      function Row:layoutSubviews()
        Row.super.layoutSubviews(self)
        local x = 0
        for _, view in ipairs(self.subviews) do
          view.frame = { x, 0, 40, self.bounds.height }
          x = x + 50
        end
        self.layouts = (self.layouts or 0) + 1
      end
      local row = Row:new{ frame = { 0, 0, 300, 30 } }
      row:addSubview(ui.View:new{})
      row:addSubview(ui.View:new{})
      window:addSubview(row)
      row:layoutIfNeeded()
      assert.are.same({ x = 50, y = 0, width = 40, height = 30 }, row.subviews[2].frame)
      assert.are.equal(1, row.layouts)
      row:layoutIfNeeded()
      assert.are.equal(1, row.layouts)
    end)

    it("draw with a canvas", function()
      local Mark = ui.View:extend("Mark")
      function Mark:draw(canvas)
        canvas:line({ 0, 0 }, { 10, 10 }, "red", 2)
        canvas:text("x", { 0, 0 })
      end
      local mark = Mark:new{ frame = { 0, 0, 16, 16 } }
      window:addSubview(mark)
      assert.matches("x", window:render("text"))
      assert.matches("<line", window:render("svg"))
    end)

    it("report an error in an override and go on with the default", function()
      local Broken = ui.View:extend("Broken")
      function Broken:pointInside() error("no idea") end
      local broken = Broken:new{ frame = { 0, 0, 100, 100 } }
      window:addSubview(broken)
      assert.are.equal(broken, window:hitTest({ 10, 10 }))
      local reported = test.errors()
      assert.are.equal(1, #reported)
      assert.are.equal("pointInside of Broken", reported[1].context)
      assert.matches("no idea", reported[1].message)
    end)
  end)

  describe("controls", function()
    it("have states and per-state button titles", function()
      local button = ui.Button:new{ frame = { 0, 0, 100, 40 }, title = "ein" }
      button:setTitle("aus", "selected")
      button.selected = true
      assert.are.equal("selected", button.state)
      assert.are.equal("aus", button.currentTitle)
      button.highlighted = true
      assert.are.equal("selected+highlighted", button.state)
      assert.are.equal("ein", button.currentTitle)
      assert.are.equal("aus", button:titleFor("selected"))
      assert.has_error(function() button:titleFor("pressed") end,
        "bad argument #1 to 'titleFor' (invalid option 'pressed' (expected normal, highlighted, disabled or selected))")
      assert.has_error(function() button:setTitle("x", "selected+hilighted") end,
        "bad argument #2 to 'setTitle' (invalid option 'hilighted' (did you mean 'highlighted'?))")
    end)

    it("call their targets with the sender and the event", function()
      local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
      window:addSubview(button)
      local seen = {}
      local target = button:addTarget(function(sender, event) seen[#seen + 1] = { sender, event } end, "touchUpInside")
      window:tap({ 10, 10 })
      assert.are.equal(button, seen[1][1])
      assert.are.equal("touchUpInside", seen[1][2])
      button:removeTarget(target)
      window:tap({ 10, 10 })
      assert.are.equal(1, #seen)
      assert.has_error(function() button:addTarget(print, "touchUpInsde") end,
        "bad argument #2 to 'addTarget' (invalid option 'touchUpInsde' (did you mean 'touchUpInside'?))")
      local ok, message = pcall(button.addTarget, button, print, "somewhere")
      assert.is_false(ok)
      assert.matches("invalid option 'somewhere' %(expected touchDown, .*, editingDidEnd or editingDidEndOnExit%)", message)
    end)

    it("report an error in an action and keep working", function()
      local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
      window:addSubview(button)
      local calls = 0
      button:addTarget(function() calls = calls + 1; error("action broke") end, "touchUpInside")
      window:tap({ 10, 10 })
      window:tap({ 10, 10 })
      assert.are.equal(2, calls)
      local reported = test.errors()
      assert.are.equal(2, #reported)
      assert.matches("^action for touchUpInside added at .-ui_spec%.lua:%d+$", reported[1].context)
    end)

    it("lay out label text by lines and line break mode", function()
      local label = ui.Label:new{ frame = { 0, 0, 80, 32 }, text = "A label that is too long", lines = 2, lineBreakMode = "wordWrap" }
      assert.are.same({ "A label", "that is" }, label.displayedLines)
      label.lineBreakMode = "truncateTail"
      label.lines = 1
      assert.are.same({ "A label t…" }, label.displayedLines)
      local ok, message = pcall(function() label.lineBreakMode = "squeeze" end)
      assert.is_false(ok)
      assert.are.equal("ui_spec.lua:" .. (debug.getinfo(1, "l").currentline - 2) .. ": bad value for property 'lineBreakMode' of ui.Label"
        .. " (invalid option 'squeeze' (expected clip, truncateHead, truncateTail, truncateMiddle, wordWrap or charWrap))",
        message:match("[^/]*$"))
      ok, message = pcall(function() label.alignment = "centre" end)
      assert.matches("invalid option 'centre' %(did you mean 'center'%?%)", message)
    end)

    it("change value: switch, slider, segments, stepper, pages, text field", function()
      local switch = ui.Switch:new{ frame = { 0, 0, 50, 20 } }
      local slider = ui.Slider:new{ frame = { 0, 40, 100, 20 }, maximumValue = 10 }
      local segments = ui.SegmentedControl:new{ frame = { 0, 80, 90, 20 }, segments = { "a", "b", "c" } }
      local field = ui.TextField:new{ frame = { 0, 120, 200, 20 }, placeholder = "Name" }
      for _, view in ipairs{ switch, slider, segments, field } do window:addSubview(view) end
      window:tap({ 10, 10 })
      assert.is_true(switch.on)
      window:tap({ 50, 50 })
      assert.are.equal(5, slider.value)
      window:tap({ 70, 90 })
      assert.are.equal(3, segments.selectedIndex)
      window:tap({ 10, 130 })
      window:type("Ada")
      window:key("return")
      assert.are.equal("Ada", field.text)
      assert.is_false(field.editing)
    end)
  end)

  describe("gestures", function()
    local surface
    before_each(function()
      surface = ui.View:new{ frame = { 0, 0, 320, 480 } }
      window:addSubview(surface)
    end)

    it("recognize taps, double taps and swipes", function()
      local taps, swipes = 0, {}
      surface:addGestureRecognizer(ui.TapGesture:new{ numberOfTapsRequired = 2, action = function() taps = taps + 1 end })
      surface:addGestureRecognizer(ui.SwipeGesture:new{ direction = { "left", "right" },
        action = function(g) swipes[#swipes + 1] = g.swipedDirection end })
      window:tap({ 100, 100 })
      test.advance(0.1)
      window:tap({ 100, 100 })
      assert.are.equal(1, taps)
      test.advance(1)
      window:touch("began", { 200, 200 })
      window:touch("moved", { 150, 200 })
      window:touch("ended", { 100, 200 })
      assert.are.same({ "left" }, swipes)
    end)

    it("time long presses on the test clock and report their location", function()
      local states, where = {}, nil
      surface:addGestureRecognizer(ui.LongPressGesture:new{ action = function(g)
        states[#states + 1] = g.state
        where = g:locationIn(surface)
      end })
      window:touch("began", { 30, 40 })
      test.advance(0.49)
      assert.are.same({}, states)
      test.advance(0.01)
      window:touch("ended", { 30, 40 })
      assert.are.same({ "began", "ended" }, states)
      assert.are.same({ x = 30, y = 40 }, where)
    end)

    it("pan, pinch and rotate", function()
      local pan = ui.PanGesture:new{}
      local log = {}
      pan:addTarget(function(g) log[#log + 1] = g.state .. " " .. g:translationIn(surface).x end)
      surface:addGestureRecognizer(pan)
      window:touch("began", { 10, 10 })
      window:touch("moved", { 40, 10 })
      window:touch("ended", { 40, 10 })
      assert.are.same({ "began 30.0", "ended 30.0" }, log)
    end)
  end)
end)
