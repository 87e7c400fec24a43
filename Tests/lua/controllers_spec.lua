-- View controllers and the navigation controller through the ui module.

describe("controllers", function()
  local window, log

  --- A controller class that logs its callbacks into `log` as "Name.callback".
  local function logging(name)
    local cls = ui.Controller:extend(name)
    for _, callback in ipairs{ "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
                               "viewDidDisappear", "didReceiveMemoryWarning" } do
      cls[callback] = function(self, animated)
        local suffix = animated ~= nil and "(" .. tostring(animated) .. ")" or ""
        log[#log + 1] = name .. "." .. callback .. suffix
      end
    end
    function cls:willMoveToParent(parent) log[#log + 1] = name .. ".willMoveToParent(" .. tostring(parent and parent.title) .. ")" end
    function cls:didMoveToParent(parent) log[#log + 1] = name .. ".didMoveToParent(" .. tostring(parent and parent.title) .. ")" end
    return cls
  end

  local function take()
    local taken = log
    log = {}
    return taken
  end

  before_each(function()
    log = {}
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  it("load their view on first access and appear as the window's root", function()
    local A = logging("A")
    local a = A:new{ title = "First" }
    assert.is_false(a:isViewLoaded())
    window.rootViewController = a
    assert.is_true(a:isViewLoaded())
    assert.are.same({ "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)" }, take())
    assert.are.same({ x = 0, y = 0, width = 320, height = 480 }, a.view.frame)
    assert.are.equal("appeared", a.appearanceState)
  end)

  it("build their own view in loadView", function()
    local Custom = ui.Controller:extend("Custom")
    function Custom:loadView() self.view = ui.View:new{ frame = { 0, 0, 100, 100 }, tag = 7 } end
    local c = Custom:new()
    assert.are.equal(7, c.view.tag)
  end)

  it("reach the Swift implementation through super", function()
    local Base = ui.Controller:extend("Base")
    local seen = {}
    function Base:viewDidLoad() seen[#seen + 1] = "lua"; Base.super.viewDidLoad(self) end
    local b = Base:new()
    local _ = b.view
    assert.are.same({ "lua" }, seen)
  end)

  it("add and remove children in the order UIKit's containment calls for", function()
    local Parent, Child = logging("Parent"), logging("Child")
    local parent, child = Parent:new{ title = "P" }, Child:new()
    window.rootViewController = parent
    take()
    parent:addChild(child)
    parent.view:addSubview(child.view)
    child:didMoveToParent(parent)
    assert.are.same({ "Child.willMoveToParent(P)", "Child.viewDidLoad", "Child.viewWillAppear(false)",
                      "Child.viewDidAppear(false)", "Child.didMoveToParent(P)" }, take())
    assert.are.equal(parent, child.parent)
    assert.are.equal(1, #parent.children)
    child:willMoveToParent(nil)
    child.view:removeFromSuperview()
    child:removeFromParent()
    assert.are.same({ "Child.willMoveToParent(nil)", "Child.viewWillDisappear(false)",
                      "Child.viewDidDisappear(false)", "Child.didMoveToParent(nil)" }, take())
    assert.is_nil(child.parent)
  end)

  it("refuse a second parent, naming both", function()
    local a, b, c = ui.Controller:new{ title = "A" }, ui.Controller:new{ title = "B" }, ui.Controller:new{ title = "C" }
    a:addChild(c)
    assert.has_error(function() b:addChild(c) end,
      "cannot add ui.Controller 'C' as a child of ui.Controller 'B': it is already a child of ui.Controller 'A'; remove it from its parent first")
  end)

  it("transition between children on the loop's clock", function()
    local Parent, Old, New = logging("Parent"), logging("Old"), logging("New")
    local parent, old, new = Parent:new{ title = "P" }, Old:new(), New:new()
    window.rootViewController = parent
    parent:addChild(old)
    parent.view:addSubview(old.view)
    old:didMoveToParent(parent)
    parent:addChild(new)
    take()
    local finished
    old:willMoveToParent(nil)
    new.view.alpha = 0
    parent:transition(old, new, {
      duration = 0.5,
      animations = function() new.view.alpha = 1 end,
      completion = function(done) finished = done; old:removeFromParent(); new:didMoveToParent(parent) end,
    })
    assert.are.same({ "Old.willMoveToParent(nil)", "New.viewDidLoad", "Old.viewWillDisappear(true)", "New.viewWillAppear(true)" }, take())
    test.advance(0.25)
    assert.is_true(new.view.alpha > 0 and new.view.alpha < 1)
    test.advance(0.5)
    assert.is_true(finished)
    assert.are.same({ "Old.viewDidDisappear(true)", "New.viewDidAppear(true)", "Old.didMoveToParent(nil)",
                      "New.didMoveToParent(P)" }, take())
  end)

  it("present and dismiss modally with completions", function()
    local A, B = logging("A"), logging("B")
    local a, b = A:new(), B:new()
    window.rootViewController = a
    take()
    local done = {}
    a:present(b, true, function() done[#done + 1] = "presented" end)
    assert.has_error(function() a:present(ui.Controller:new{ title = "C" }, false) end,
      "cannot present ui.Controller 'C' from A: it is already presenting B; dismiss that first")
    test.advance(0.3)
    assert.are.equal(b, a.presentedViewController)
    assert.are.equal(a, b.presentingViewController)
    b:dismiss(true, function() done[#done + 1] = "dismissed" end)
    test.advance(0.3)
    assert.are.same({ "presented", "dismissed" }, done)
    assert.are.same({ "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
                      "A.viewDidDisappear(true)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                      "A.viewDidAppear(true)", "B.viewDidDisappear(true)" }, take())
    assert.is_nil(a.presentedViewController)
  end)

  it("let forwarding be manual", function()
    local Parent, Child = logging("Parent"), logging("Child")
    function Parent:shouldAutomaticallyForwardAppearanceMethods() return false end
    local parent, child = Parent:new{ title = "P" }, Child:new()
    parent:addChild(child)
    parent.view:addSubview(child.view)
    child:didMoveToParent(parent)
    take()
    window.rootViewController = parent
    assert.are.same({ "Parent.viewWillAppear(false)", "Parent.viewDidAppear(false)" }, take())
    child:beginAppearanceTransition(true, true)
    child:endAppearanceTransition()
    assert.are.same({ "Child.viewWillAppear(true)", "Child.viewDidAppear(true)" }, take())
  end)

  it("get memory warnings, and release views off screen", function()
    local A, B = logging("A"), logging("B")
    local a, b = A:new{ title = "A" }, B:new{ title = "B" }
    local nav = ui.NavigationController:new(a)
    window.rootViewController = nav
    nav:push(b, false)
    take()
    window:memoryWarning()
    assert.are.same({ "A.didReceiveMemoryWarning", "B.didReceiveMemoryWarning" }, take())
    assert.is_false(a:isViewLoaded())
    assert.is_true(b:isViewLoaded())
    nav:pop(false)
    assert.are.same({ "B.willMoveToParent(nil)", "A.viewDidLoad", "B.viewWillDisappear(false)", "A.viewWillAppear(false)",
                      "B.viewDidDisappear(false)", "A.viewDidAppear(false)", "B.didMoveToParent(nil)" }, take())
  end)

  it("report an error in a callback with its name and go on", function()
    local Broken = ui.Controller:extend("Broken")
    function Broken:viewDidLoad() error("no entries") end
    local nav = ui.NavigationController:new(ui.Controller:new{ title = "Root" })
    window.rootViewController = nav
    local broken = Broken:new()
    nav:push(broken, false)
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.are.equal("viewDidLoad of Broken", errors[1].context)
    assert.matches("no entries", errors[1].message)
    assert.matches("controllers_spec.lua", errors[1].traceback)
    assert.are.equal(broken, nav.topViewController)
    assert.are.equal(2, #nav.viewControllers)
    nav:pop(false)
    assert.are.equal(1, #nav.viewControllers)
  end)

  describe("navigation", function()
    it("name the argument of new that is not a controller as the caller wrote it", function()
      assert.has_error(function() ui.NavigationController:new(42) end,
        "bad argument #1 to 'new' (ui.Controller expected, got number)")
      assert.has_error(function() ui.TabBarController:new{ ui.Controller:new(), 42 } end,
        "bad argument #1 to 'new' (ui.Controller expected, got number at index 2)")
    end)

    it("push and pop with the delegate told, animated on the loop", function()
      local A, B = logging("A"), logging("B")
      local a, b = A:new{ title = "Diary" }, B:new{ title = "Entry" }
      local nav = ui.NavigationController:new(a)
      nav.title = "Nav"
      nav.delegate = {
        willShow = function(_, _, vc, animated) log[#log + 1] = "willShow(" .. vc.title .. ", " .. tostring(animated) .. ")" end,
        didShow = function(_, _, vc, animated) log[#log + 1] = "didShow(" .. vc.title .. ", " .. tostring(animated) .. ")" end,
      }
      window.rootViewController = nav
      take()
      nav:push(b, true)
      assert.are.equal(b, nav.topViewController)
      assert.are.equal(nav, b.navigationController)
      test.advance(0.35)
      assert.are.same({ "B.willMoveToParent(Nav)", "willShow(Entry, true)", "B.viewDidLoad", "A.viewWillDisappear(true)",
                        "B.viewWillAppear(true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                        "B.didMoveToParent(Nav)", "didShow(Entry, true)" }, take())
      assert.are.equal(b, nav:pop(false))
      assert.is_nil(nav:pop(false), "the root is never popped")
      assert.has_error(function() nav:push(a, false) end,
        "cannot push A 'Diary': it is already on the stack of ui.NavigationController 'Nav'")
    end)

    it("show the top's left button, else the back button or title of the one below", function()
      local a, b = ui.Controller:new{ title = "Diary" }, ui.Controller:new{ title = "Entry" }
      local nav = ui.NavigationController:new(a)
      window.rootViewController = nav
      local bar = nav.navigationBar
      assert.are.equal("Diary", bar.title)
      assert.is_nil(bar.backTitle)
      nav:push(b, false)
      assert.are.equal("Diary", bar.backTitle)
      a.navigationItem.backButton = ui.BarButtonItem:new{ title = "Overview" }
      assert.are.equal("Overview", bar.backTitle)
      local cancelled = 0
      b.navigationItem.leftButton = ui.BarButtonItem:new{ title = "Cancel", action = function() cancelled = cancelled + 1 end }
      assert.is_nil(bar.backTitle)
      assert.are.equal("Cancel", bar.leftButton.title)
      bar.leftButton:tap()
      assert.are.equal(1, cancelled)
      b.navigationItem.leftButton = nil
      b.navigationItem.prompt = "Pick one"
      assert.are.equal("Pick one", bar.prompt)
      bar:tapBack()
      test.advance(0.5)
      assert.are.equal(a, nav.topViewController)
    end)

    it("shortens the back button before the title: the previous title, then Back, then the chevron", function()
      local a, b = ui.Controller:new{ title = "All Conversations" }, ui.Controller:new{ title = "Thread" }
      local nav = ui.NavigationController:new(a)
      window.rootViewController = nav
      nav:push(b, false)
      local bar = nav.navigationBar
      local function top() return window:render("text"):match("^[^\n]*") end
      assert.are.equal("All Conversations", bar.backTitle)
      assert.are.equal(" [ < All Conversations ] Thread", top())
      b.title = "Quarterly Report"
      assert.are.equal("Back", bar.backTitle)
      assert.are.equal(" [ < Back ] Quarterly Report", top())
      b.title = "The Analytical Engine of Babbage"
      assert.are.equal("", bar.backTitle, "a back button without a title is still a back button")
      assert.are.equal(" [ < ] The Analytical Engine of Babbage", top())
      window:rotate("landscape")
      window:layoutIfNeeded()
      assert.are.equal("All Conversations", bar.backTitle)
      bar:tapBack()
      test.advance(0.5)
      assert.are.equal(a, nav.topViewController)
    end)

    it("pops to a controller and to the root, and sets the stack", function()
      local a, b, c = ui.Controller:new{ title = "A" }, ui.Controller:new{ title = "B" }, ui.Controller:new{ title = "C" }
      local nav = ui.NavigationController:new(a)
      window.rootViewController = nav
      nav.viewControllers = { a, b, c }
      assert.are.equal(3, #nav.viewControllers)
      local popped = nav:popTo(b, false)
      assert.are.same({ c }, popped)
      nav:push(c, false)
      assert.are.equal(2, #nav:popToRoot(false))
      assert.are.equal(a, nav.topViewController)
    end)
  end)

  describe("segues", function()
    it("call prepareForSegue before the destination appears", function()
      local Source, Destination = logging("Source"), logging("Destination")
      function Source:prepareForSegue(segue, sender)
        log[#log + 1] = "prepare(" .. segue.identifier .. ", " .. tostring(sender) .. ")"
        segue.destination.entry = sender
      end
      ui.segue{ id = "show", from = Source, to = Destination, kind = "push" }
      local source = Source:new{ title = "S" }
      local nav = ui.NavigationController:new(source)
      window.rootViewController = nav
      take()
      source:performSegue("show", 42)
      test.advance(1)
      local log1 = take()
      assert.are.equal("prepare(show, 42)", log1[1])
      assert.are.equal(42, nav.topViewController.entry)
      assert.has_error(function() source:performSegue("missing") end, "Source 'S' has no segue 'missing'")
    end)

    it("let a custom segue do the containment", function()
      local Container = ui.Controller:extend("Container")
      local raised = 0
      ui.segue{ id = "raise", from = Container, to = function() return ui.Controller:new{ title = "Raised" } end,
                kind = "custom", perform = function(segue)
                  raised = raised + 1
                  segue.source:addChild(segue.destination)
                  segue.source.view:addSubview(segue.destination.view)
                  segue.destination:didMoveToParent(segue.source)
                end }
      local container = Container:new()
      window.rootViewController = container
      container:performSegue("raise")
      assert.are.equal(1, raised)
      assert.are.equal("Raised", container.children[1].title)
      local child = container.children[1]
      ui.Segue:new{ source = child, destination = container, perform = function(segue)
        segue.source:willMoveToParent(nil)
        segue.source.view:removeFromSuperview()
        segue.source:removeFromParent()
      end }:perform()
      assert.are.equal(0, #container.children)
    end)
  end)
end)
