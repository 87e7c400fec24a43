-- Hostile and mistaken input to the ui, loop and notify bindings: each is refused with
-- Lua's words and the caller's place, or clamped, and the host goes on.

-- Calls fn, which must fail at this file's line (the caller's place) with `expected`.
local function fails(expected, fn)
  local ok, message = pcall(fn)
  assert.is_false(ok, "no error; expected: " .. expected)
  assert.matches("^[^\n]-hardening_ui_spec%.lua:%d+: ", message)
  assert.are.equal(expected, (message:gsub("^[^\n]-hardening_ui_spec%.lua:%d+: ", "", 1)))
end

local nan, inf = 0 / 0, math.huge

describe("ui bindings", function()
  local window
  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  describe("refuse NaN and infinities where they are set", function()
    it("in geometry, naming the field", function()
      local view = ui.View:new{ frame = { 0, 0, 10, 10 } }
      fails("bad value for property 'frame' of ui.View (finite number expected, got nan in field 'width')",
        function() view.frame = { 0, 0, nan, 10 } end)
      fails("bad value for property 'bounds' of ui.View (finite number expected, got -inf in field 'x')",
        function() view.bounds = { x = -inf, y = 0, width = 1, height = 1 } end)
      fails("bad value for property 'center' of ui.View (finite number expected, got inf in field 'y')",
        function() view.center = { 1, inf } end)
      fails("bad argument #1 to 'hitTest' (finite number expected, got nan in field 'x')",
        function() view:hitTest({ nan, 0 }) end)
      fails("bad value for property 'frame' of ui.View (finite number expected, got nan in field 'height')",
        function() ui.View:new{ frame = { 0, 0, 1, nan } } end)
      assert.are.same({ x = 0, y = 0, width = 10, height = 10 }, view.frame)
    end)

    it("in alpha, borders and colours", function()
      local view = ui.View:new{}
      fails("bad value for property 'alpha' of ui.View (finite number expected, got nan)", function() view.alpha = nan end)
      fails("bad value for property 'borderWidth' of ui.View (finite number expected, got inf)",
        function() view.borderWidth = inf end)
      fails("bad value for property 'backgroundColor' of ui.View (finite number expected, got nan at index 2)",
        function() view.backgroundColor = { 1, nan, 0 } end)
      fails("bad value for property 'textColor' of ui.Label (finite number expected, got -inf at index 4)",
        function() ui.Label:new{}.textColor = { 1, 1, 0, -inf } end)
      assert.are.equal(1, view.alpha)
    end)

    it("in slider and stepper values and limits", function()
      local slider, stepper = ui.Slider:new{}, ui.Stepper:new{}
      for _, name in ipairs{ "value", "minimumValue", "maximumValue" } do
        fails("bad value for property '" .. name .. "' of ui.Slider (finite number expected, got nan)",
          function() slider[name] = nan end)
        fails("bad value for property '" .. name .. "' of ui.Stepper (finite number expected, got inf)",
          function() stepper[name] = inf end)
      end
      fails("bad value for property 'stepValue' of ui.Stepper (finite number expected, got nan)",
        function() stepper.stepValue = nan end)
      fails("bad value for property 'stepValue' of ui.Stepper (positive number expected, got 0)",
        function() stepper.stepValue = 0 end)
      fails("bad value for property 'stepValue' of ui.Stepper (positive number expected, got -1.5)",
        function() ui.Stepper:new{ stepValue = -1.5 } end)
      assert.are.equal(1, stepper.stepValue)
    end)

    it("in gesture settings, and counts below one", function()
      fails("bad value for property 'minimumPressDuration' of ui.LongPressGesture (finite number expected, got nan)",
        function() ui.LongPressGesture:new{ minimumPressDuration = nan } end)
      fails("bad value for property 'allowableMovement' of ui.LongPressGesture (finite number expected, got inf)",
        function() ui.LongPressGesture:new{ allowableMovement = inf } end)
      fails("bad value for property 'minimumDistance' of ui.SwipeGesture (finite number expected, got -inf)",
        function() ui.SwipeGesture:new{ minimumDistance = -inf } end)
      fails("bad value for property 'numberOfTapsRequired' of ui.TapGesture (count of at least 1 expected, got 0)",
        function() ui.TapGesture:new{ numberOfTapsRequired = 0 } end)
      fails("bad value for property 'numberOfTouchesRequired' of ui.TapGesture "
          .. "(count of at least 1 expected, got -9223372036854775808)",
        function() ui.TapGesture:new{ numberOfTouchesRequired = math.mininteger } end)
      fails("bad value for property 'minimumNumberOfTouches' of ui.PanGesture (number has no integer representation)",
        function() ui.PanGesture:new{ minimumNumberOfTouches = 1.5 } end)
      local tap = ui.TapGesture:new{ numberOfTapsRequired = math.maxinteger }
      assert.are.equal(math.maxinteger, tap.numberOfTapsRequired)
    end)

    it("in durations", function()
      local parent, a, b = ui.Controller:new{}, ui.Controller:new{}, ui.Controller:new{}
      fails("bad argument #3 to 'transition' (finite number expected, got nan in field 'duration')",
        function() parent:transition(a, b, { duration = nan }) end)
      fails("bad argument #1 to 'after' (finite number expected, got inf)", function() loop.after(inf, print) end)
      fails("bad argument #1 to 'every' (finite number expected, got nan)", function() loop.every(nan, print) end)
      fails("bad argument #1 to 'schedule' (finite number expected, got nan in field 'after')",
        function() notify.schedule{ after = nan } end)
    end)

    it("in a canvas's line widths, reported from the draw override", function()
      local Mark = ui.View:extend("Mark")
      function Mark:draw(canvas) canvas:stroke(self.bounds, "red", nan) end
      window:addSubview(Mark:new{ frame = { 0, 0, 16, 16 } })
      window:render("text")
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.are.equal("draw of Mark", errors[1].context)
      assert.matches("hardening_ui_spec%.lua:%d+: bad argument #3 to 'stroke' %(finite number expected, got nan%)$",
        errors[1].message)
    end)

    it("but take huge finite values", function()
      local view = ui.View:new{ frame = { -1e308, 0, 1e308, 1e308 }, alpha = 1e308, borderWidth = 1e300 }
      assert.are.equal(1e308, view.frame.width)
      window:addSubview(view)
      assert.is_string(window:render("text"))
    end)
  end)

  describe("read every option through one helper", function()
    it("for control states, alone or combined", function()
      local button = ui.Button:new{}
      button:setTitle("both", "highlighted+selected")
      assert.are.equal("both", button:titleFor("selected+highlighted"))
      fails("bad argument #2 to 'setTitle' (invalid option 'selceted' (did you mean 'selected'?))",
        function() button:setTitle("x", "highlighted+selceted") end)
      fails("bad argument #1 to 'titleFor' (string expected, got number)", function() button:titleFor(1) end)
    end)

    it("for events, directions, autoresizing and segue kinds", function()
      local button = ui.Button:new{}
      fails("bad argument #1 to 'sendActions' (invalid option 'valueChange' (did you mean 'valueChanged'?))",
        function() button:sendActions("valueChange") end)
      fails("bad value for property 'direction' of ui.SwipeGesture (invalid option 'upp' (did you mean 'up'?) at index 2)",
        function() ui.SwipeGesture:new{ direction = { "left", "upp" } } end)
      local swipe = ui.SwipeGesture:new{ direction = "down" }
      assert.are.same({ "down" }, swipe.direction)
      local view = ui.View:new{ autoresizing = "flexibleWidth" }
      assert.are.same({ "flexibleWidth" }, view.autoresizing)
      fails("bad value for property 'autoresizing' of ui.View (invalid option 'flexibleHieght' (did you mean 'flexibleHeight'?) at index 1)",
        function() view.autoresizing = { "flexibleHieght" } end)
      local A = ui.Controller:extend("SegueSource")
      fails("bad argument #1 to 'segue' (invalid option 'modl' (did you mean 'modal'?) in field 'kind')",
        function() ui.segue{ id = "x", from = A, to = A, kind = "modl" } end)
      fails("bad argument #1 to 'new' (invalid option 'pussh' (did you mean 'push'?) in field 'kind')",
        function() ui.Segue:new{ source = A:new(), destination = A:new(), kind = "pussh" } end)
    end)

    it("for a window's keys", function()
      fails("bad argument #1 to 'key' (invalid option 'retrun' (did you mean 'return'?))",
        function() window:key("retrun") end)
      window:key("return")
    end)

    it("and say every refusal at the caller's place, whatever refused it", function()
      local label = ui.Label:new{}
      fails("bad value for property 'lineBreakMode' of ui.Label (invalid option 'bogus' "
          .. "(expected clip, truncateHead, truncateTail, truncateMiddle, wordWrap or charWrap))",
        function() label.lineBreakMode = "bogus" end)
      fails("bad value for property 'lines' of ui.Label (0 (as many as needed) or more expected, got -1)",
        function() label.lines = -1 end)
      local tabs = ui.TabBarController:new{ ui.Controller:new{} }
      fails("bad value for property 'selectedViewController' of ui.TabBarController (ui.Controller expected, got nil)",
        function() tabs.selectedViewController = nil end)
    end)
  end)

  describe("check delegates and data sources when they are set", function()
    it("refusing what is neither a table nor an object", function()
      local nav = ui.NavigationController:new(ui.Controller:new{})
      fails("bad value for property 'delegate' of ui.NavigationController (table or object expected, got number)",
        function() nav.delegate = 42 end)
      local pvc = ui.PageViewController:new()
      fails("bad value for property 'dataSource' of ui.PageViewController (table or object expected, got string)",
        function() pvc.dataSource = "pages" end)
      local Pages = ui.Controller:extend("Pages")
      fails("bad value for property 'delegate' of ui.PageViewController (table or object expected, got the class Pages; "
          .. "call Pages:new())", function() pvc.delegate = Pages end)
      local tabs = ui.TabBarController:new{ ui.Controller:new{} }
      fails("bad value for property 'delegate' of ui.TabBarController (field 'shouldSelect' is a boolean, not a function)",
        function() tabs.delegate = { shouldSelect = false } end)
      fails("bad value for property 'delegate' of ui.SplitViewController (table or object expected, got function)",
        function() ui.SplitViewController:new{}.delegate = print end)
      local owner = Pages:new{}
      nav.delegate = owner
      assert.are.equal(owner, nav.delegate)
      nav.delegate = nil
      assert.is_nil(nav.delegate)
    end)

    it("and reporting a method that became something else as the script's mistake", function()
      local root, next = ui.Controller:new{ title = "Root" }, ui.Controller:new{ title = "Next" }
      local nav = ui.NavigationController:new(root)
      window.rootViewController = nav
      local delegate = {}
      nav.delegate = delegate
      delegate.willShow = 5
      nav:push(next, false)
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.are.equal("'willShow' is a number, not a function", errors[1].message)
      assert.matches("^willShow of navigation delegate set at [^\n]-hardening_ui_spec%.lua:%d+$", errors[1].context)
      assert.are.equal(next, nav.topViewController)
    end)
  end)

  describe("say how to make an object when given its class", function()
    local List, Card
    before_each(function()
      List = ui.Controller:extend("AccList")
      Card = ui.View:extend("Card")
    end)

    it("as arguments, optional ones and lists", function()
      local nav = ui.NavigationController:new(ui.Controller:new{})
      fails("bad argument #1 to 'push' (a ui.Controller instance expected, got the class AccList; call AccList:new())",
        function() nav:push(List) end)
      fails("bad argument #1 to 'addSubview' (a ui.View instance expected, got the class Card; call Card:new())",
        function() window:addSubview(Card) end)
      fails("bad argument #2 to 'convertPoint' (a ui.View instance expected, got the class Card; call Card:new())",
        function() window:convertPoint({ 0, 0 }, Card) end)
      fails("bad argument #1 to 'setViewControllers' (a ui.Controller instance expected, got the class AccList; "
          .. "call AccList:new() at index 1)", function() nav:setViewControllers({ List }) end)
      fails("bad argument #1 to 'present' (a ui.Controller instance expected, got the class AccList; call AccList:new())",
        function() nav:present(List) end)
    end)

    it("as properties", function()
      fails("bad value for property 'rootViewController' of ui.Window (a ui.Controller instance expected, "
          .. "got the class AccList; call AccList:new())", function() window.rootViewController = List end)
      local nav = ui.NavigationController:new(ui.Controller:new{})
      fails("bad value for property 'viewControllers' of ui.NavigationController (a ui.Controller instance expected, "
          .. "got the class AccList; call AccList:new() at index 1)", function() nav.viewControllers = { List } end)
      local tabs = ui.TabBarController:new{ ui.Controller:new{} }
      fails("bad value for property 'selectedViewController' of ui.TabBarController (a ui.Controller instance "
          .. "expected, got the class AccList; call AccList:new())", function() tabs.selectedViewController = List end)
    end)

    it("in constructors, as the fields or inside them", function()
      fails("bad argument #1 to 'new' (a ui.Controller instance expected, got the class AccList; call AccList:new())",
        function() ui.NavigationController:new(List) end)
      fails("bad argument #1 to 'new' (a ui.Controller instance expected, got the class AccList; call AccList:new() "
          .. "in field 'root')", function() ui.NavigationController:new{ root = List } end)
      fails("bad argument #1 to 'new' (a ui.Controller instance expected, got the class AccList; call AccList:new() "
          .. "at index 1)", function() ui.TabBarController:new{ List } end)
      fails("bad argument #1 to 'new' (a table of fields expected, got the class Card; call Card:new())",
        function() ui.View:new(Card) end)
      fails("bad argument #1 to 'new' (a table of fields expected, got the class AccList; call AccList:new())",
        function() List:new(List) end)
    end)
  end)

  describe("never show the host's own chunks", function()
    it("for a target whose method became something else", function()
      local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
      window:addSubview(button)
      local target = { tapped = function() end }
      button:addTarget(target, "tapped", "touchUpInside")
      target.tapped = "later"
      window:tap({ 10, 10 })
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.are.equal("'tapped' is a string, not a function", errors[1].message)
      assert.matches("^action for touchUpInside added at [^\n]-hardening_ui_spec%.lua:%d+$", errors[1].context)
    end)

    it("for a segue whose destination is not a class", function()
      local Source = ui.Controller:extend("Source")
      fails("bad argument #1 to 'segue' (segue 'next' needs 'to', a controller class or a function that makes one, "
          .. "got table)", function() ui.segue{ id = "next", from = Source, to = {}, kind = "modal" } end)
      ui.segue{ id = "odd", from = Source, to = function() return 42 end, kind = "modal" }
      local source = Source:new{}
      window.rootViewController = source
      fails("bad result from 'to' of segue 'odd' (ui.Controller expected, got number)",
        function() source:performSegue("odd") end)
    end)

    it("for a target object without the method, named by its class", function()
      local button = ui.Button:new{}
      fails("bad argument #1 to 'addTarget' (Card has no method 'tapped')",
        function() button:addTarget(ui.View:extend("Card"):new{}, "tapped", "touchUpInside") end)
      fails("bad argument #1 to 'addTarget' (ui.View has no method 'tapped')",
        function() button:addTarget(ui.View:new{}, "tapped", "touchUpInside") end)
    end)
  end)
end)

describe("notify bindings", function()
  it("post a table that holds itself", function()
    local info = { name = "loop" }
    info.self = info
    local seen
    local token = notify.observe("cycle", function(note) seen = note.userInfo end)
    notify.post("cycle", nil, info)
    notify.remove(token)
    assert.are.equal(info, seen)
  end)

  it("match NaN as an object", function()
    local calls = 0
    local token = notify.observe("odd", function() calls = calls + 1 end, { object = 0 / 0 })
    notify.post("odd", 0 / 0)
    notify.post("odd", 1)
    notify.remove(token)
    assert.are.equal(1, calls)
  end)
end)
