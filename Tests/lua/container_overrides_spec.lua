-- Every overridable controller method reaches the Lua override, for a Lua subclass of
-- every controller class: the plain controller and each container.

local NAMES = {
  "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
  "viewWillLayoutSubviews", "viewDidLayoutSubviews", "didReceiveMemoryWarning", "viewWillTransition",
  "willMoveToParent", "didMoveToParent", "shouldAutomaticallyForwardAppearanceMethods", "prepareForSegue",
}

local CLASSES = {
  { name = "Controller", make = function(C) return C:new{ title = "c" } end },
  { name = "NavigationController", make = function(C) return C:new(ui.Controller:new{ title = "root" }) end },
  { name = "TabBarController", make = function(C) return C:new{ ui.Controller:new{ title = "tab" } } end },
  { name = "SplitViewController",
    make = function(C) return C:new{ ui.Controller:new{ title = "master" }, ui.Controller:new{ title = "detail" } } end },
  { name = "PageViewController", make = function(C)
      local pvc = C:new{}
      pvc:setViewControllers({ ui.Controller:new{ title = "page" } }, "forward", false)
      return pvc
    end },
}

describe("overrides of Lua subclasses", function()
  for _, case in ipairs(CLASSES) do
    it("reach every overridable method of a " .. case.name .. " subclass", function()
      local called = {}
      local C = ui[case.name]:extend("My" .. case.name)
      for _, method in ipairs(NAMES) do
        C[method] = function(self, ...)
          called[method] = (called[method] or 0) + 1
          return C.super[method](self, ...)
        end
      end
      ui.segue{ id = "next", from = C, to = ui.Controller, kind = "custom", perform = function() end }

      local window = ui.Window:new{ device = "ipad" }
      window:makeKeyAndVisible()
      local parent = ui.Controller:new{ title = "parent" }
      window.rootViewController = parent
      local vc = case.make(C)
      parent:addChild(vc)                      -- willMoveToParent
      parent.view:addSubview(vc.view)          -- loadView, viewDidLoad; appears with the window
      window:render("text")                    -- viewWillLayoutSubviews, viewDidLayoutSubviews
      window:rotate("landscape")               -- viewWillTransition
      vc:performSegue("next")                  -- prepareForSegue
      vc.view:removeFromSuperview()            -- disappears
      window:memoryWarning()                   -- didReceiveMemoryWarning
      vc:removeFromParent()                    -- didMoveToParent

      local missing = {}
      for _, method in ipairs(NAMES) do
        if not called[method] then missing[#missing + 1] = method end
      end
      assert.are.same({}, missing)
      -- The super calls ran the Swift behaviour: the view was made, and let go off screen.
      assert.is_false(vc:isViewLoaded())
      assert.is_nil(vc.parent)
    end)
  end

  it("a navigation controller that forwards appearance by hand is asked, and its children wait", function()
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local N = ui.NavigationController:extend("ManualNavigation")
    local asked = 0
    function N:shouldAutomaticallyForwardAppearanceMethods() asked = asked + 1; return false end
    local root = ui.Controller:new{ title = "root" }
    window.rootViewController = N:new(root)
    assert.is_true(asked > 0)
    assert.are.equal("disappeared", root.appearanceState)
  end)

  it("tab and split view subclasses hear prepareForSegue before the destination shows", function()
    local order = {}
    for _, name in ipairs{ "TabBarController", "SplitViewController" } do
      local C = ui[name]:extend("Segued" .. name)
      function C:prepareForSegue(segue, sender)
        order[#order + 1] = name .. " prepares " .. segue.identifier .. " for " .. tostring(sender)
      end
      ui.segue{ id = "show", from = C, to = ui.Controller, kind = "custom",
                perform = function(segue) order[#order + 1] = name .. " performs" end }
      C:new{ ui.Controller:new(), ui.Controller:new() }:performSegue("show", "me")
    end
    assert.are.same({
      "TabBarController prepares show for me", "TabBarController performs",
      "SplitViewController prepares show for me", "SplitViewController performs",
    }, order)
  end)
end)
