-- The tab bar and split view controllers through the ui module.

describe("containers", function()
  local log

  --- A controller class that logs its appearance callbacks into `log` as "Name.callback".
  local function logging(name)
    local cls = ui.Controller:extend(name)
    for _, callback in ipairs{ "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
                               "viewDidDisappear", "didReceiveMemoryWarning" } do
      cls[callback] = function(self, animated)
        local suffix = animated ~= nil and "(" .. tostring(animated) .. ")" or ""
        log[#log + 1] = name .. "." .. callback .. suffix
      end
    end
    function cls:viewWillTransition(size) log[#log + 1] = ("%s.viewWillTransition(%gx%g)"):format(name, size.width, size.height) end
    return cls
  end

  local function take()
    local taken = log
    log = {}
    return taken
  end

  local function tap(window, x, y)
    window:touch("began", { x, y })
    window:touch("ended", { x, y })
  end

  before_each(function() log = {} end)

  describe("tab bar controller", function()
    local window, tabs, a, b, c

    before_each(function()
      window = ui.Window:new{ device = "iphone" }
      window:makeKeyAndVisible()
      a, b, c = logging("A"):new{ title = "One" }, logging("B"):new{ title = "Two" }, logging("C"):new{ title = "Three" }
      tabs = ui.TabBarController:new{ a, b, c, title = "Tabs" }
      window.rootViewController = tabs
      take()
    end)

    --- Taps tab `index` (from 1) of the bar with a finger.
    local function tapTab(index)
      local frame = tabs.tabBar.frame
      local width = frame.width / #tabs.viewControllers
      tap(window, frame.x + (index - 0.5) * width, frame.y + 32)
    end

    it("takes its tabs from the array part and selects the first", function()
      assert.are.same({ a, b, c }, tabs.viewControllers)
      assert.are.same({ a, b, c }, tabs.children)
      assert.are.equal(1, tabs.selectedIndex)
      assert.are.equal(a, tabs.selectedViewController)
      assert.are.equal("Tabs", tabs.title)
      assert.are.equal(tabs, b.tabBarController)
      assert.are.same({ "One", "Two", "Three" }, tabs.tabBar.titles)
      assert.are.same({ x = 0, y = 431, width = 320, height = 49 }, tabs.tabBar.frame)
      assert.is_false(b:isViewLoaded())
    end)

    it("switches tabs in UIKit's order, by index from 1 or by controller", function()
      tabs.selectedIndex = 2
      assert.are.same({ "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                        "A.viewDidDisappear(false)", "B.viewDidAppear(false)" }, take())
      assert.are.equal(b, tabs.selectedViewController)
      assert.are.equal(2, tabs.tabBar.selectedIndex)
      tabs.selectedViewController = c
      assert.are.same({ "C.viewDidLoad", "B.viewWillDisappear(false)", "C.viewWillAppear(false)",
                        "B.viewDidDisappear(false)", "C.viewDidAppear(false)" }, take())
      assert.are.equal(3, tabs.selectedIndex)
      assert.matches("▸ Three", window:render("text"), 1, true)
    end)

    it("refuses a tab that does not exist, naming the index and count", function()
      assert.has_error(function() tabs.selectedIndex = 4 end,
        "bad value for property 'selectedIndex' of ui.TabBarController (cannot select tab 4 of ui.TabBarController 'Tabs': it has 3 tabs, counting from 1)")
      assert.has_error(function() tabs.selectedIndex = 0 end,
        "bad value for property 'selectedIndex' of ui.TabBarController (cannot select tab 0 of ui.TabBarController 'Tabs': it has 3 tabs, counting from 1)")
      assert.has_error(function() tabs.selectedViewController = ui.Controller:new{ title = "X" } end,
        "bad value for property 'selectedViewController' of ui.TabBarController (cannot select ui.Controller 'X': it is not a tab of ui.TabBarController 'Tabs')")
      assert.has_error(function() ui.TabBarController:new{ a } end)
      assert.are.equal(1, tabs.selectedIndex)
      assert.are.same({}, take())
    end)

    it("asks the delegate on taps, which may veto, and tells it", function()
      tabs.delegate = {
        shouldSelect = function(self, t, vc)
          log[#log + 1] = "shouldSelect(" .. vc.title .. ")"
          assert.are.equal(tabs, t)
          return vc ~= c
        end,
        didSelect = function(self, t, vc) log[#log + 1] = "didSelect(" .. vc.title .. ", " .. t.selectedIndex .. ")" end,
      }
      tapTab(3)
      assert.are.same({ "shouldSelect(Three)" }, take())
      assert.are.equal(1, tabs.selectedIndex)
      tapTab(2)
      assert.are.same({ "shouldSelect(Two)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                        "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "didSelect(Two, 2)" }, take())
      -- Selecting from code does not ask.
      tabs.selectedIndex = 3
      assert.are.equal(c, tabs.selectedViewController)
      assert.is_nil(table.concat(take(), " "):find("shouldSelect"))
    end)

    it("reports a failing delegate by name and goes on with the tap", function()
      tabs.delegate = { shouldSelect = function() error("no tabs today") end }
      tabs.tabBar:tapTab(2)
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.matches("^shouldSelect of tab bar delegate set at Tests/lua/tabs_split_spec.lua:%d+$", errors[1].context)
      assert.matches("no tabs today", errors[1].message)
      assert.matches("tabs_split_spec.lua", errors[1].traceback)
      assert.are.equal(2, tabs.selectedIndex)
      assert.are.same({ a, b, c }, tabs.children)
    end)

    it("keeps a navigation stack per tab", function()
      local inbox, message = logging("Inbox"):new{ title = "Inbox" }, logging("Message"):new{ title = "Message" }
      local nav = ui.NavigationController:new(inbox)
      tabs.viewControllers = { a, nav }
      assert.is_nil(c.parent)
      tabs.selectedIndex = 2
      nav:push(message, false)
      tabs.selectedIndex = 1
      take()
      tapTab(2)
      assert.are.same({ "A.viewWillDisappear(false)", "Message.viewWillAppear(false)",
                        "A.viewDidDisappear(false)", "Message.viewDidAppear(false)" }, take())
      assert.are.same({ inbox, message }, nav.viewControllers)
      assert.are.equal("Inbox", nav.navigationBar.backTitle)
      assert.are.equal(tabs, message.tabBarController)
    end)

    it("can be extended, its callbacks overridden", function()
      local Tabs = ui.TabBarController:extend("Tabs")
      function Tabs:viewDidAppear(animated) log[#log + 1] = "Tabs.viewDidAppear(" .. tostring(animated) .. ")" end
      function Tabs:didMoveToParent(parent) log[#log + 1] = "Tabs.didMoveToParent(" .. tostring(parent and parent.title) .. ")" end
      local d = logging("D"):new{ title = "Four" }
      local custom = Tabs:new{ d }
      window.rootViewController = custom
      assert.are.same({ "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "D.viewDidLoad",
                        "D.viewWillAppear(false)", "Tabs.viewDidAppear(false)", "D.viewDidAppear(false)" }, take())
      local nav = ui.NavigationController:new{ title = "Nav" }
      nav.viewControllers = { custom }
      assert.are.same({ "Tabs.didMoveToParent(Nav)" }, take())
      assert.has_error(function() custom.selectedIndex = 2 end,
        "bad value for property 'selectedIndex' of ui.TabBarController (cannot select tab 2 of Tabs: it has 1 tab, counting from 1)")
    end)

    it("shows titles and badges as they change", function()
      b.tabBarItem.badgeValue = "5"
      c.tabBarItem.title = "Third"
      assert.are.same({ "", "5", "" }, tabs.tabBar.badges)
      assert.are.same({ "One", "Two", "Third" }, tabs.tabBar.titles)
    end)

    it("passes memory warnings and rotations to every tab", function()
      tabs.selectedIndex = 2
      tabs.selectedIndex = 1
      take()
      window:memoryWarning()
      assert.are.same({ "A.didReceiveMemoryWarning", "B.didReceiveMemoryWarning", "C.didReceiveMemoryWarning" }, take())
      assert.is_false(b:isViewLoaded())
      window:rotate("landscape")
      assert.are.same({ "A.viewWillTransition(480x320)", "B.viewWillTransition(480x320)",
                        "C.viewWillTransition(480x320)" }, take())
      assert.are.same({ x = 0, y = 271, width = 480, height = 49 }, tabs.tabBar.frame)
    end)
  end)

  describe("split view controller", function()
    local window, split, master, detail, items

    local function show(orientation)
      window = ui.Window:new{ device = "ipad", orientation = orientation }
      window:makeKeyAndVisible()
      master, detail = logging("M"):new{ title = "Entries" }, logging("D"):new{ title = "Entry" }
      split = ui.SplitViewController:new{ master, detail }
      items = {}
      split.delegate = {
        willHide = function(self, s, vc, button)
          items[#items + 1] = button
          log[#log + 1] = "willHide(" .. vc.title .. ", " .. button.title .. ", item " .. #items .. ")"
        end,
        willShow = function(self, s, vc, button)
          local number = "unknown"
          for index, item in ipairs(items) do if item == button then number = index end end
          log[#log + 1] = "willShow(" .. vc.title .. ", item " .. number .. ")"
        end,
      }
      window.rootViewController = split
    end

    it("shows master and detail side by side in landscape", function()
      show("landscape")
      assert.are.same({ "M.viewDidLoad", "D.viewDidLoad", "M.viewWillAppear(false)", "D.viewWillAppear(false)",
                        "M.viewDidAppear(false)", "D.viewDidAppear(false)" }, take())
      assert.are.same({ master, detail }, split.viewControllers)
      assert.are.equal(split, master.splitViewController)
      assert.are.same({ x = 0, y = 0, width = 320, height = 768 }, master.view.frame)
      assert.are.same({ x = 321, y = 0, width = 703, height = 768 }, detail.view.frame)
      assert.is_false(split.masterHidden)
      assert.is_nil(split.barButtonItem)
    end)

    it("hides the master in portrait and gives the delegate a button for the popover", function()
      show("portrait")
      assert.are.same({ "willHide(Entries, Entries, item 1)", "D.viewDidLoad", "D.viewWillAppear(false)",
                        "D.viewDidAppear(false)" }, take())
      assert.is_true(split.masterHidden)
      assert.are.equal(items[1], split.barButtonItem)
      items[1]:tap()
      assert.are.same({ "M.viewDidLoad", "M.viewWillAppear(false)", "M.viewDidAppear(false)" }, take())
      assert.is_true(split.popover.visible)
      assert.are.equal(master, split.popover.contentViewController)
      assert.are.same({ x = 8, y = 52, width = 320, height = 600 }, split.popover.frame)
      tap(window, 600, 500)
      assert.are.same({ "M.viewWillDisappear(false)", "M.viewDidDisappear(false)" }, take())
      assert.is_false(split.popover.visible)
    end)

    it("shows and hides the master on rotation with the same button", function()
      show("portrait")
      take()
      window:rotate("landscape")
      assert.are.same({ "M.viewWillTransition(1024x768)", "D.viewWillTransition(1024x768)", "willShow(Entries, item 1)",
                        "M.viewDidLoad", "M.viewWillAppear(false)", "M.viewDidAppear(false)" }, take())
      items[1]:tap()
      assert.is_nil(split.popover)
      assert.are.same({}, take())
      window:rotate("portrait")
      assert.are.same({ "M.viewWillTransition(768x1024)", "D.viewWillTransition(768x1024)",
                        "willHide(Entries, Entries, item 2)", "M.viewWillDisappear(false)",
                        "M.viewDidDisappear(false)" }, take())
    end)

    it("reports a failing delegate by name and stays consistent", function()
      window = ui.Window:new{ device = "ipad", orientation = "landscape" }
      window:makeKeyAndVisible()
      master, detail = logging("M"):new{ title = "Entries" }, logging("D"):new{ title = "Entry" }
      split = ui.SplitViewController:new{ master, detail }
      split.delegate = { willHide = function() error("no toolbar") end }
      window.rootViewController = split
      take()
      window:rotate("portrait")
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.matches("^willHide of split view delegate set at Tests/lua/tabs_split_spec.lua:%d+$", errors[1].context)
      assert.matches("no toolbar", errors[1].message)
      assert.matches("tabs_split_spec.lua", errors[1].traceback)
      assert.is_true(split.masterHidden)
      assert.is_false(master.view.window ~= nil)
      split.barButtonItem:tap()
      assert.is_true(split.popover.visible)
    end)

    it("refuses anything but a master and a detail", function()
      show("landscape")
      assert.has_error(function() split.viewControllers = { master } end,
        "bad value for property 'viewControllers' of ui.SplitViewController (a split view controller needs exactly two controllers, a master and a detail; got 1)")
      assert.has_error(function() ui.SplitViewController:new{ master, detail } end)
      assert.are.same({ master, detail }, split.viewControllers)
    end)

    it("draws the panes with a divider", function()
      show("landscape")
      local text = window:render("text")
      local first = text:match("[^\n]*")
      assert.are.equal("│", utf8.char(utf8.codepoint(first, utf8.offset(first, 41))))
      assert.matches('<g class="View" transform="translate%(320,0%)">', window:render("svg"))
    end)
  end)
end)
