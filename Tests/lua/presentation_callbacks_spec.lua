-- Presentation changes asked for from the appearance callbacks of one that just ended, as
-- UIKit allows: a modal controller that dismisses itself in viewDidAppear, a presenter that
-- presents again in its viewDidAppear after a dismissal. And a container subclass's loadView.

describe("presentation from appearance callbacks", function()
  local window, root
  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    root = ui.Controller:new{ title = "Root" }
    window.rootViewController = root
  end)

  it("lets a presented controller dismiss itself in viewDidAppear", function()
    local Modal = ui.Controller:extend("SelfDismissing")
    local log = {}
    function Modal:viewDidAppear() log[#log + 1] = "appeared"; self:dismiss(false, function() log[#log + 1] = "dismissed" end) end
    function Modal:viewDidDisappear() log[#log + 1] = "disappeared" end
    root:present(Modal:new{ title = "M" }, true)
    test.advance(1)
    assert.are.same({}, test.errors())
    assert.are.same({ "appeared", "disappeared", "dismissed" }, log)
    assert.is_nil(root.presentedViewController)
  end)

  it("lets a presenter present again in its viewDidAppear after a dismissal", function()
    local Presenter = ui.Controller:extend("Presenter")
    local second = ui.Controller:new{ title = "Second" }
    local presentedAgain = false
    function Presenter:viewDidAppear()
      if self.dismissedOnce and not presentedAgain then
        presentedAgain = true
        self:present(second, false)
      end
    end
    local presenter = Presenter:new{ title = "P" }
    window.rootViewController = presenter
    local first = ui.Controller:new{ title = "First" }
    presenter:present(first, false)
    test.advance(0.1)
    presenter.dismissedOnce = true
    presenter:dismiss(true)
    test.advance(1)
    assert.are.same({}, test.errors())
    assert.is_true(presentedAgain)
    assert.are.equal(second, presenter.presentedViewController)
  end)

  it("keeps a dismissal during the animation an error", function()
    root:present(ui.Controller:new{ title = "M" }, true)
    assert.has_error(function() root:dismiss(true) end)
    test.advance(1)
  end)
end)

describe("a container subclass's loadView", function()
  it("keeps the container working when it calls super first, as in UIKit", function()
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local Nav = ui.NavigationController:extend("BadgedNav")
    function Nav:loadView()
      Nav.super.loadView(self)
      self.badge = ui.Label:new{ frame = { 0, 0, 80, 16 }, text = "beta" }
      self.view:addSubview(self.badge)
    end
    local nav = Nav:new(ui.Controller:new{ title = "root" })
    window.rootViewController = nav
    nav:push(ui.Controller:new{ title = "b" }, false)
    assert.is_not_nil(nav.topViewController.view.window)
    assert.are.equal(nav.view, nav.badge.superview)
  end)
end)
