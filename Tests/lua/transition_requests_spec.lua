-- A request a container cannot carry out while a transition animates is an error with the
-- caller's place, never a silent drop: push, pop, popTo and popToRoot during a push or pop,
-- dismiss during a presentation or a dismissal.

describe("requests during a transition", function()
  local window
  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  local function raised(f)
    local ok, message = pcall(f)
    assert.is_false(ok)
    return message
  end

  it("pop, popTo and popToRoot during an animated push raise an error naming the navigation controller", function()
    local root = ui.Controller:new{ title = "root" }
    local nav = ui.NavigationController:new(root)
    window.rootViewController = nav
    nav:push(ui.Controller:new{ title = "b" }, true)
    assert.matches("^.-transition_requests_spec%.lua:%d+: cannot pop ui.Controller 'b': " ..
                   "ui.NavigationController is still animating a transition$", raised(function() nav:pop(true) end))
    assert.matches("^.-transition_requests_spec%.lua:%d+: cannot pop to ui.Controller 'root': " ..
                   "ui.NavigationController is still animating a transition$", raised(function() nav:popToRoot(true) end))
    assert.matches("still animating a transition$", raised(function() nav:popTo(root, true) end))
    assert.matches("still animating a transition$", raised(function() nav:push(ui.Controller:new(), true) end))
    test.advance(1)
    -- Nothing was dropped half-way: the push finished, and popping works again.
    assert.are.equal(2, #nav.viewControllers)
    assert.are.equal("b", nav:pop(true).title)
    assert.matches("still animating a transition$", raised(function() nav:pop(false) end))
    test.advance(1)
    assert.are.same({ root }, nav.viewControllers)
    assert.is_nil(nav:pop(false))          -- the root is still never popped, and that is no error
    assert.are.same({}, nav:popToRoot(false))
  end)

  it("dismiss during an animated presentation or dismissal raises an error", function()
    local root = ui.Controller:new{ title = "R" }
    window.rootViewController = root
    local modal = ui.Controller:new{ title = "M" }
    root:present(modal, true)
    assert.matches("^.-transition_requests_spec%.lua:%d+: cannot dismiss ui.Controller 'M': " ..
                   "ui.Controller 'R' is still animating a transition$", raised(function() root:dismiss(true) end))
    assert.matches("still animating a transition$", raised(function() modal:dismiss(false) end))
    test.advance(1)
    assert.are.equal(modal, root.presentedViewController)
    modal:dismiss(true)
    assert.matches("still animating a transition$", raised(function() root:dismiss(true) end))
    test.advance(1)
    assert.is_nil(root.presentedViewController)
    root:dismiss(true)                     -- nothing presented: nothing to do, and no error
  end)
end)
