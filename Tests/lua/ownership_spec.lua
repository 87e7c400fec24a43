-- Who keeps whom alive. As in UIKit, targets and delegates are held weakly when they are
-- objects: a control, a bar button item or a gesture calls a method of its target, and a
-- container or a fetched results controller calls its delegate, without keeping it alive,
-- so that a controller is not kept alive by what it owns itself.

--- A record of controllers by tokens in their Lua fields, which live exactly as long as
--- the Swift controller does.
local function tracker()
  local tokens = setmetatable({}, { __mode = "k" })
  return {
    track = function(controller) local token = {}; controller.token = token; tokens[token] = true; return controller end,
    count = function()
      collectgarbage()
      collectgarbage()
      local count = 0
      for _ in pairs(tokens) do count = count + 1 end
      return count
    end,
  }
end

describe("target actions", function()
  local window

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  it("call the target's method with the sender and the event", function()
    local Screen = ui.Controller:extend("Screen")
    function Screen:viewDidLoad()
      self.button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
      self.button:addTarget(self, "pressed", "touchUpInside")
      self.view:addSubview(self.button)
    end
    function Screen:pressed(sender, event)
      self.seen = { sender, event }
    end
    local screen = Screen:new()
    window.rootViewController = screen
    window:tap({ 10, 10 })
    assert.are.equal(screen.button, screen.seen[1])
    assert.are.equal("touchUpInside", screen.seen[2])
  end)

  it("do not keep the target alive, as UIKit holds targets weakly", function()
    local alive = tracker()
    local Screen = ui.Controller:extend("Screen")
    function Screen:viewDidLoad()
      local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
      button:addTarget(self, "close", "touchUpInside")
      self.view:addSubview(button)
      self.view:addGestureRecognizer(ui.TapGesture:new{ target = self, action = "close" })
      self.navigationItem.rightButton = ui.BarButtonItem:new{ title = "Done", target = self, action = "close" }
    end
    function Screen:close() self.navigationController:pop(false) end
    local nav = ui.NavigationController:new(ui.Controller:new{ title = "Root" })
    window.rootViewController = nav
    for _ = 1, 3 do
      nav:push(alive.track(Screen:new()), false)
      nav.navigationBar.rightButton:tap()
    end
    assert.are.equal(1, #nav.viewControllers)
    assert.are.equal(0, alive.count())
  end)

  it("do nothing once the target is gone", function()
    local Screen = ui.Controller:extend("Screen")
    local calls = 0
    function Screen:pressed() calls = calls + 1 end
    local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
    window:addSubview(button)
    local screen = Screen:new()
    button:addTarget(screen, "pressed", "touchUpInside")
    window:tap({ 10, 10 })
    screen = nil
    collectgarbage()
    collectgarbage()
    window:tap({ 10, 10 })
    assert.are.equal(1, calls)
    assert.are.same({}, test.errors())
  end)

  it("take a table as target, held as functions are", function()
    local handler = { count = 0 }
    function handler:pressed(sender) self.count = self.count + 1; self.sender = sender end
    local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
    window:addSubview(button)
    button:addTarget(handler, "pressed", { "touchUpInside", "touchDown" })
    window:tap({ 10, 10 })
    assert.are.equal(2, handler.count)
    assert.are.equal(button, handler.sender)
  end)

  it("refuse a target without the method, naming both, at the call", function()
    local Screen = ui.Controller:extend("Screen")
    local button = ui.Button:new()
    assert.has_error(function() button:addTarget(Screen:new(), "clsoe", "touchUpInside") end,
      "bad argument #1 to 'addTarget' (Screen has no method 'clsoe')")
    assert.has_error(function() button:addTarget(42, "close", "touchUpInside") end,
      "bad argument #1 to 'addTarget' (target must be an object or a table, got number)")
    assert.has_error(function() button:addTarget({}, 7, "touchUpInside") end,
      "bad argument #1 to 'addTarget' (function, or target and method name, expected, got table)")
    assert.has_error(function() ui.BarButtonItem:new{ title = "Done", target = Screen:new() } end,
      "bad argument #1 to 'new' (a target needs the name of its method as action)")
    assert.has_error(function() ui.BarButtonItem:new{ title = "Done", target = Screen:new(), action = "done" } end,
      "bad argument #1 to 'new' (target: Screen has no method 'done')")
    assert.has_error(function() ui.TapGesture:new{ action = "tapped" } end,
      "bad argument #1 to 'new' (action must be a function, got string)")
  end)

  it("report an error in the target's method and go on", function()
    local handler = {}
    function handler:pressed() error("no paper") end
    local button = ui.Button:new{ frame = { 0, 0, 100, 40 } }
    window:addSubview(button)
    button:addTarget(handler, "pressed", "touchUpInside")
    window:tap({ 10, 10 })
    window:tap({ 10, 10 })
    local errors = test.errors()
    assert.are.equal(2, #errors)
    assert.matches("^action for touchUpInside added at .-ownership_spec%.lua:%d+$", errors[1].context)
    assert.matches("no paper", errors[1].message)
    assert.matches("ownership_spec.lua", errors[1].traceback)
  end)

  it("set a bar button item's and a gesture's target later", function()
    local log = {}
    local handler = {}
    function handler:done(item) log[#log + 1] = "done " .. item.title end
    function handler:tapped(gesture) log[#log + 1] = "tapped " .. gesture.state end
    local item = ui.BarButtonItem:new{ title = "Done" }
    item:setAction(handler, "done")
    item:tap()
    local surface = ui.View:new{ frame = { 0, 0, 320, 480 } }
    window:addSubview(surface)
    local tap = ui.TapGesture:new()
    tap:addTarget(handler, "tapped")
    surface:addGestureRecognizer(tap)
    window:tap({ 100, 100 })
    assert.are.same({ "done Done", "tapped ended" }, log)
  end)
end)

describe("delegates", function()
  local window

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  it("do not keep a controller alive that is the data source and delegate of its own child", function()
    local alive = tracker()
    local Reader = ui.Controller:extend("Reader")
    function Reader:viewDidLoad()
      self.pages = ui.PageViewController:new()
      self.pages.dataSource = self
      self.pages.delegate = self
      self.pages:setViewControllers({ ui.Controller:new{ title = "1" } }, "forward", false)
      self:addChild(self.pages)
      self.view:addSubview(self.pages.view)
      self.pages:didMoveToParent(self)
    end
    function Reader:pageAfter(pvc, vc) return ui.Controller:new{ title = tostring(tonumber(vc.title) + 1) } end
    function Reader:pageBefore() return nil end
    local nav = ui.NavigationController:new(ui.Controller:new{ title = "Root" })
    window.rootViewController = nav
    for _ = 1, 3 do
      local reader = alive.track(Reader:new())
      nav:push(reader, false)
      assert.is_true(reader.pages:pageForward(false))
      assert.are.equal("2", reader.pages.viewControllers[1].title)
      assert.are.equal(reader, reader.pages.dataSource)
      nav:pop(false)
    end
    assert.are.equal(0, alive.count())
  end)

  it("do not keep a controller alive that owns the fetched results it hears about", function()
    local alive = tracker()
    local model = store.model{ Note = { text = "string" } }
    local ctx = store.open(":memory:", model).context
    local List = ui.Controller:extend("List")
    function List:viewDidLoad()
      self.changes = 0
      self.results = ctx:fetchedResults{ entity = "Note", sort = { "text" }, delegate = self }
      self.results:performFetch()
    end
    function List:didChangeContent() self.changes = self.changes + 1 end
    local list = alive.track(List:new())
    local _ = list.view
    ctx:insert("Note", { text = "a" })
    ctx:processPendingChanges()
    assert.are.equal(1, list.changes)
    list = nil
    assert.are.equal(0, alive.count())
    -- Changes after it is gone reach nobody, and nothing is reported.
    ctx:insert("Note", { text = "b" })
    ctx:processPendingChanges()
    assert.are.same({}, test.errors())
  end)

  it("do not keep the cells of a table view alive, whatever targets their controls and gestures have", function()
    local alive = tracker()
    local ButtonCell = ui.TableViewCell:extend("ButtonCell")
    function ButtonCell:init()
      alive.track(self)
      self.button = ui.Button:new{ frame = { 200, 4, 80, 30 }, title = "Go" }
      self.button:addTarget(self, "go", "touchUpInside")
      self.contentView:addSubview(self.button)
      self:addGestureRecognizer(ui.LongPressGesture:new{ target = self, action = "go" })
    end
    function ButtonCell:go() self.went = true end
    local list = ui.TableView:new{ frame = { 0, 0, 320, 480 } }
    list:register("Button", ButtonCell)
    list.dataSource = { numberOfRows = function() return 100 end, cellForRow = function(self, tv, ip) return tv:dequeue("Button", ip) end }
    window:addSubview(list)
    window:layoutIfNeeded()
    list.contentOffset = { 0, 480 }
    list.visibleCells[1].button:sendActions("touchUpInside")
    assert.is_true(list.visibleCells[1].went)
    assert.is_true(alive.count() >= 11)
    list:removeFromSuperview()
    list = nil
    assert.are.equal(0, alive.count())
  end)

  it("keep a table delegate, which has no other owner", function()
    local pvc = ui.PageViewController:new()
    pvc.dataSource = {
      pageAfter = function(self, pvc, vc) return ui.Controller:new{ title = "next" } end,
    }
    pvc:setViewControllers({ ui.Controller:new{ title = "first" } }, "forward", false)
    window.rootViewController = pvc
    collectgarbage()
    collectgarbage()
    assert.is_true(pvc:pageForward(false))
    assert.are.equal("next", pvc.viewControllers[1].title)
  end)

  it("read as nil once the object delegate is gone", function()
    local nav = ui.NavigationController:new(ui.Controller:new())
    nav.delegate = ui.Controller:new{ title = "gone soon" }
    collectgarbage()
    collectgarbage()
    assert.is_nil(nav.delegate)
    local kept = ui.Controller:new{ title = "kept" }
    nav.delegate = kept
    collectgarbage()
    assert.are.equal(kept, nav.delegate)
  end)
end)
