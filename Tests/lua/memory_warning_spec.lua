-- Memory warnings: the base didReceiveMemoryWarning lets the view of a controller that is
-- not on screen go, so an override that calls super first can free what viewDidLoad made
-- when the view is gone.

describe("memory warnings", function()
  local window
  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  it("let super release the view before the override checks isViewLoaded", function()
    local Cached = ui.Controller:extend("Cached")
    function Cached:viewDidLoad() self.cache = { "thumbnail" } end
    function Cached:didReceiveMemoryWarning()
      Cached.super.didReceiveMemoryWarning(self)
      self.loadedAfterSuper = self:isViewLoaded()
      if not self:isViewLoaded() then self.cache = nil end
    end
    local hidden, top = Cached:new{ title = "hidden" }, Cached:new{ title = "top" }
    local nav = ui.NavigationController:new(hidden)
    window.rootViewController = nav
    nav:push(top, false)
    window:memoryWarning()
    assert.is_false(hidden.loadedAfterSuper)
    assert.is_nil(hidden.cache)
    assert.is_false(hidden:isViewLoaded())
    -- The controller on screen keeps its view and what it made.
    assert.is_true(top.loadedAfterSuper)
    assert.are.same({ "thumbnail" }, top.cache)
    -- The view loads again on next access, with viewDidLoad.
    nav:pop(false)
    assert.are.same({ "thumbnail" }, hidden.cache)
  end)

  it("release the view of controllers that do not override, or do not call super", function()
    local Quiet = ui.Controller:extend("Quiet")
    local warned = 0
    function Quiet:didReceiveMemoryWarning() warned = warned + 1 end
    local plain, quiet, top = ui.Controller:new{ title = "plain" }, Quiet:new{ title = "quiet" }, ui.Controller:new()
    local nav = ui.NavigationController:new(plain)
    window.rootViewController = nav
    nav:push(quiet, false)
    nav:push(top, false)
    window:memoryWarning()
    assert.are.equal(1, warned)
    assert.is_false(plain:isViewLoaded())
    assert.is_false(quiet:isViewLoaded())
    assert.is_true(top:isViewLoaded())
  end)

  it("reach the super of a container subclass, which keeps its view on screen", function()
    local N = ui.NavigationController:extend("WarnedNavigation")
    local loaded
    function N:didReceiveMemoryWarning()
      N.super.didReceiveMemoryWarning(self)
      loaded = self:isViewLoaded()
    end
    local nav = N:new(ui.Controller:new{ title = "root" })
    window.rootViewController = nav
    window:memoryWarning()
    assert.is_true(loaded)
    -- A child whose view is not in the window.
    local parent = ui.Controller:new()
    window.rootViewController = parent
    local offscreen = N:new(ui.Controller:new{ title = "other" })
    parent:addChild(offscreen)
    local _ = offscreen.view
    window:memoryWarning()
    assert.is_false(loaded)
    assert.is_false(offscreen:isViewLoaded())
  end)
end)
