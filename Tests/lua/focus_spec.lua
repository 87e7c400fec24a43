-- The keyboard focus from Lua: window:key("tab") and the other keys move the focus through
-- the controls, cells and bar buttons on screen in reading order, and window.focusedView
-- tells which has it.

describe("the keyboard focus", function()
  local window, nav, home, list, selected, saved, field

  --- A name for a view as a person reads it off the screen.
  local function name(view)
    if view == nil then return "nothing" end
    if view.currentTitle then return view.currentTitle end
    if view.textLabel then return "row " .. view.textLabel.text end
    if view.placeholder then return "field " .. view.placeholder end
    return tostring(view)
  end

  local function focused() return name(window.focusedView) end

  local function press(...)
    for _, key in ipairs({ ... }) do window:key(key) end
    test.advance(1)
  end

  before_each(function()
    selected, saved = {}, 0
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    home = ui.Controller:new{ title = "Home" }
    local form = ui.Controller:new{ title = "Form" }
    form.navigationItem.rightButton = ui.BarButtonItem:new{ title = "Save", action = function() saved = saved + 1 end }
    field = ui.TextField:new{ frame = { 16, 16, 200, 16 } }
    field.placeholder = "Name"
    form.view:addSubview(field)
    list = ui.TableView:new{ frame = { 0, 48, 320, 132 } }
    list:register("Row", ui.TableViewCell)
    list.dataSource = {
      numberOfRows = function() return 30 end,
      cellForRow = function(_, tv, ip)
        local cell = tv:dequeue("Row", ip)
        cell.textLabel.text = tostring(ip.row)
        return cell
      end,
    }
    list.delegate = { didSelectRow = function(_, _, ip) selected[#selected + 1] = ip.row end }
    form.view:addSubview(list)
    nav = ui.NavigationController:new(home)
    window.rootViewController = nav
    nav:push(form, false)
    window:layoutIfNeeded()
  end)

  it("starts on nothing, goes through the screen in reading order and wraps around", function()
    assert.is_nil(window.focusedView)
    local seen = {}
    for _ = 1, 7 do
      window:key("tab")
      seen[#seen + 1] = focused()
    end
    assert.are.same({ "< Home", "Save", "field Name", "row 1", "row 2", "row 3", "< Home" }, seen)
    window:key("shift-tab")
    assert.are.equal("row 3", focused())
  end)

  it("is read-only from Lua", function()
    local ok, message = pcall(function() window.focusedView = field end)
    assert.is_false(ok)
    assert.matches("focusedView", tostring(message))
  end)

  it("taps what has it with Enter: a bar button, a row, the back button", function()
    press("tab", "tab", "enter")
    assert.are.equal(1, saved)
    press("tab", "tab", "space")
    assert.are.same({ 1 }, selected)
    press("shift-tab", "shift-tab", "shift-tab", "return")
    assert.are.equal(1, #nav.viewControllers)
    -- The form is gone, and so is the focus; Tab starts again on the home screen.
    assert.is_nil(window.focusedView)
  end)

  it("moves down a list with the arrows, scrolling the row into view", function()
    press("tab", "tab", "tab", "tab")
    assert.are.equal("row 1", focused())
    for _ = 1, 5 do window:key("down") end
    assert.are.equal("row 6", focused())
    assert.are.equal(6 * 44 - 132, list.contentOffset.y)
    press("enter")
    assert.are.same({ 6 }, selected)
    press("pagedown")
    assert.are.equal("row 9", focused())
    press("home")
    assert.are.equal("row 1", focused())
    assert.are.equal(0, list.contentOffset.y)
    press("end")
    assert.are.equal("row 30", focused())
    assert.are.equal(list.contentSize.height - list.bounds.height, list.contentOffset.y)
  end)

  it("types into a focused text field, and Esc ends editing before it goes back", function()
    press("tab", "tab", "tab")
    assert.are.equal("field Name", focused())
    press("enter")
    window:type("Ada")
    window:key("space")
    window:key("L")
    assert.are.equal("Ada L", field.text)
    press("escape")
    assert.is_false(field.editing)
    assert.are.equal(2, #nav.viewControllers)
    press("escape")
    assert.are.equal(1, #nav.viewControllers)
  end)

  it("refuses a key it does not know, in Lua's words", function()
    local ok, message = pcall(function() window:key("hyper") end)
    assert.is_false(ok)
    assert.matches("focus_spec%.lua:%d+: bad argument #1 to 'key' %(invalid option 'hyper'", tostring(message))
  end)
end)

describe("the keys on every app", function()
  local keys = { "tab", "tab", "tab", "shift-tab", "enter", "space", "up", "down", "down", "left", "right",
                 "pageup", "pagedown", "home", "end", "escape", "a" }

  for _, name in ipairs({ "hello", "alarmclock", "containers", "pages", "gallery" }) do
    it("keep " .. name .. " free of errors through 300 presses", function()
      -- hello prints its greeting as it launches: not this suite's output.
      local print = _G.print
      _G.print = function() end
      local ok, app = pcall(test.launch, "scripts/" .. name)
      _G.print = print
      assert(ok, app)
      math.randomseed(15)
      local focused = 0
      for _ = 1, 300 do
        app:key(keys[math.random(#keys)])
        if app.window.focusedView then focused = focused + 1 end
      end
      assert.are.same({}, app:errors())
      assert.is_true(focused > 0)
    end)
  end
end)
