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
