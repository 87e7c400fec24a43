-- A bar button item shown in more than one bar: every bar that shows it redraws when it
-- changes, and a bar that no longer shows it leaves it alone.

describe("bar button items in two bars", function()
  local function count(text, word)
    local _, n = text:gsub(word, "")
    return n
  end

  it("update the navigation bar and the toolbar when the title or enabled state changes", function()
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local top = ui.Controller:new{ title = "A" }
    local item = ui.BarButtonItem:new{ title = "Edit", action = function() end }
    top.navigationItem.rightButton = item
    top.toolbarItems = { item }
    local nav = ui.NavigationController:new(top)
    nav.toolbarHidden = false
    window.rootViewController = nav
    assert.are.equal(2, count(window:render("text"), "Edit"))
    item.title = "Done"
    local text = window:render("text")
    assert.are.equal(2, count(text, "Done"))
    assert.are.equal(0, count(text, "Edit"))
    -- Taken out of the toolbar, the item still updates the navigation bar.
    top.toolbarItems = { ui.BarButtonItem:new{ title = "Share" } }
    item.title = "Save"
    text = window:render("text")
    assert.are.equal(1, count(text, "Save"))
    assert.are.equal(0, count(text, "Done"))
    assert.are.equal(1, count(text, "Share"))
    assert.are.equal("Save", nav.navigationBar.rightButton.title)
  end)

  it("update two navigation controllers' bars", function()
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local item = ui.BarButtonItem:new{ title = "Add" }
    local a, b = ui.Controller:new{ title = "A" }, ui.Controller:new{ title = "B" }
    a.navigationItem.rightButton = item
    b.navigationItem.leftButton = item
    local tabs = ui.TabBarController:new{ ui.NavigationController:new(a), ui.NavigationController:new(b) }
    window.rootViewController = tabs
    tabs.selectedIndex = 2
    item.title = "More"
    assert.are.equal(1, count(window:render("text"), "More"))
    tabs.selectedIndex = 1
    local text = window:render("text")
    assert.are.equal(1, count(text, "More"))
    assert.are.equal(0, count(text, "Add"))
  end)
end)

describe("system bar button items and spaces", function()
  local function setUp()
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local top = ui.Controller:new{ title = "Entries" }
    local nav = ui.NavigationController:new(top)
    nav.toolbarHidden = false
    window.rootViewController = nav
    return window, top, nav
  end

  it("show their symbol, are named for the pilot, and spaces push items apart", function()
    local window, top = setUp()
    local added = 0
    local add = ui.BarButtonItem:new{ system = "add", action = function() added = added + 1 end }
    assert.are.equal("add", add.system)
    assert.is_nil(add.title)
    top.navigationItem.rightButton = add
    top.toolbarItems = {
      ui.BarButtonItem:new{ system = "flexibleSpace" },
      ui.BarButtonItem:new{ title = "3 entries", enabled = false },
      ui.BarButtonItem:new{ system = "flexibleSpace" },
    }
    local screen = window:render("text")
    assert.truthy(screen:find("+", 1, true))
    -- The total sits in the middle of the toolbar, not at its left edge.
    local line
    for row in screen:gmatch("[^\n]+") do if row:find("3 entries", 1, true) then line = row end end
    local at = line:find("3 entries", 1, true)
    assert.is_true(at > 10 and at < 30, line)
    local function find(view, label)
      if view.accessibilityLabel == label then return view end
      for _, sub in ipairs(view.subviews) do
        local found = find(sub, label)
        if found then return found end
      end
    end
    local named = find(window, "Add")
    assert.are.equal("+", named.currentTitle)
    named:sendActions("touchUpInside")
    assert.are.equal(1, added)
  end)

  it("take a label of their own, and refuse a system item that is none", function()
    local item = ui.BarButtonItem:new{ title = "Edit", accessibilityLabel = "Edit Breakfast" }
    assert.are.equal("Edit Breakfast", item.accessibilityLabel)
    local ok, message = pcall(ui.BarButtonItem.new, ui.BarButtonItem, { system = "ad" })
    assert.is_false(ok)
    assert.truthy(message:find("invalid option 'ad' (did you mean 'add'?) in field 'system'", 1, true), message)
    local fixed = ui.BarButtonItem:new{ system = "fixedSpace", width = 20 }
    assert.are.equal(20, fixed.width)
    assert.has_error(function() fixed.width = 0 / 0 end)
    assert.has_error(function() item.system = "add" end)
  end)
end)
