-- ui.StackView: rows and columns laid out from their views' intrinsic sizes, as UIKit's
-- stack view lays them out, and everything that reads a screen (renderers, focus, the
-- pilot) finding the views inside.

describe("ui.StackView", function()
  local window
  before_each(function() window = ui.Window:new{ device = "iphone" } end)

  local function frames(stack)
    local list = {}
    for _, view in ipairs(stack.arrangedSubviews) do
      local f = view.frame
      list[#list + 1] = { f.x, f.y, f.width, f.height }
    end
    return list
  end

  it("takes its settings and views in new{}, whatever order the table holds them in", function()
    local a, b = ui.Label:new{ text = "One" }, ui.Button:new{ title = "Two" }
    local stack = ui.StackView:new{ arrangedSubviews = { a, b }, spacing = 8, alignment = "center",
      distribution = "equalSpacing", axis = "vertical", frame = { 0, 0, 320, 100 } }
    assert.are.equal("vertical", stack.axis)
    assert.are.equal("equalSpacing", stack.distribution)
    assert.are.equal("center", stack.alignment)
    assert.are.equal(8, stack.spacing)
    assert.are.equal(2, #stack.arrangedSubviews)
    assert.are.equal(a, stack.arrangedSubviews[1])
    assert.are.equal(stack, b.superview)
    stack:layoutIfNeeded()
    -- "One" is 3 cells (24 points), "[ Two ]" 7 (56), centred; the 68 points left between them.
    assert.are.same({ { 148, 0, 24, 16 }, { 132, 84, 56, 16 } }, frames(stack))
  end)

  it("is a horizontal stack that fills, with no spacing, by default", function()
    local stack = ui.StackView:new{}
    assert.are.equal("horizontal", stack.axis)
    assert.are.equal("fill", stack.distribution)
    assert.are.equal("fill", stack.alignment)
    assert.are.equal(0, stack.spacing)
    assert.are.same({}, stack.arrangedSubviews)
  end)

  it("gives the room left to a field beside a label, and keeps a switch its size", function()
    local label, field, toggle = ui.Label:new{ text = "Name" }, ui.TextField:new{}, ui.Switch:new{}
    local row = ui.StackView:new{ frame = { 0, 0, 320, 16 }, spacing = 8, arrangedSubviews = { label, field, toggle } }
    row:layoutIfNeeded()
    assert.are.same({ { 0, 0, 32, 16 }, { 40, 0, 232, 16 }, { 280, 0, 40, 16 } }, frames(row))
  end)

  it("adds, inserts, moves and removes arranged views, which stay subviews when removed", function()
    local stack = ui.StackView:new{}
    local a, b, c = ui.View:new{}, ui.View:new{}, ui.View:new{}
    stack:addArrangedSubview(a)
    stack:addArrangedSubview(c)
    stack:insertArrangedSubview(b, 2)
    assert.are.same({ a, b, c }, stack.arrangedSubviews)
    stack:insertArrangedSubview(c, 1)
    assert.are.same({ c, a, b }, stack.arrangedSubviews)
    stack:removeArrangedSubview(a)
    assert.are.same({ c, b }, stack.arrangedSubviews)
    assert.are.equal(stack, a.superview)
    -- Not arranged: left alone, as UIKit does.
    stack:removeArrangedSubview(a)
    stack:removeArrangedSubview(ui.View:new{})
    b:removeFromSuperview()
    assert.are.same({ c }, stack.arrangedSubviews)
    local other = ui.StackView:new{}
    other:addArrangedSubview(c)
    assert.are.same({}, stack.arrangedSubviews)
    assert.are.equal(other, c.superview)
    other.arrangedSubviews = { a }
    assert.is_nil(c.superview)
    assert.are.equal(other, a.superview)
  end)

  it("lays out again when a view is hidden, shown or changes its text", function()
    local a, b, c = ui.Label:new{ text = "A" }, ui.Label:new{ text = "B" }, ui.Label:new{ text = "C" }
    local stack = ui.StackView:new{ frame = { 0, 0, 320, 64 }, axis = "vertical", spacing = 8,
      distribution = "equalSpacing", arrangedSubviews = { a, b, c } }
    window:addSubview(stack)
    window:render("text")
    assert.are.same({ { 0, 0, 320, 16 }, { 0, 24, 320, 16 }, { 0, 48, 320, 16 } }, frames(stack))
    b.hidden = true
    -- The hidden view takes no room, nor its spacing: the other two are at either end.
    window:render("text")
    assert.are.equal(0, a.frame.y)
    assert.are.equal(48, c.frame.y)
    b.hidden = false
    a.text = "A longer text"
    stack.alignment = "trailing"
    window:render("text")
    assert.are.same({ { 216, 0, 104, 16 }, { 312, 24, 8, 16 }, { 312, 48, 8, 16 } }, frames(stack))
  end)

  it("nests, a stack taking its intrinsic size from its views", function()
    local row = ui.StackView:new{ spacing = 8, arrangedSubviews = { ui.Label:new{ text = "Total" }, ui.Button:new{ title = "Pay" } } }
    -- "Total" is 5 cells (40 points), "[ Pay ]" 7 (56), 8 apart.
    assert.are.same({ width = 104, height = 16 }, row.intrinsicContentSize)
    local column = ui.StackView:new{ frame = { 0, 0, 200, 40 }, axis = "vertical", alignment = "leading", spacing = 8,
      arrangedSubviews = { row, ui.Label:new{ text = "Due today" } } }
    assert.are.same({ width = 104, height = 40 }, column.intrinsicContentSize)
    window:addSubview(column)
    window:render("text")
    assert.are.same({ x = 0, y = 0, width = 104, height = 16 }, row.frame)
    assert.are.same({ x = 48, y = 0, width = 56, height = 16 }, row.arrangedSubviews[2].frame)
  end)

  it("refuses what is not a setting, saying which", function()
    local stack = ui.StackView:new{}
    assert.has_error(function() stack.spacing = 0 / 0 end,
      "bad value for property 'spacing' of ui.StackView (finite number expected, got nan)")
    assert.has_error(function() stack.spacing = math.huge end,
      "bad value for property 'spacing' of ui.StackView (finite number expected, got inf)")
    assert.has_error(function() stack.axis = "diagonal" end,
      "bad value for property 'axis' of ui.StackView (invalid option 'diagonal' (expected horizontal or vertical))")
    assert.has_error(function() stack.alignment = "centre" end,
      "bad value for property 'alignment' of ui.StackView (invalid option 'centre' (did you mean 'center'?))")
    assert.has_error(function() stack.distribution = 3 end)
    assert.has_error(function() stack.intrinsicContentSize = { 1, 1 } end,
      "property 'intrinsicContentSize' of ui.StackView is read-only")
    -- Negative spacing overlaps the views, as UIKit's does.
    stack.spacing = -4
    assert.are.equal(-4, stack.spacing)
  end)

  it("refuses to arrange itself, an ancestor, a window, or what is not a view", function()
    local outer, inner = ui.StackView:new{}, ui.StackView:new{}
    outer:addArrangedSubview(inner)
    local cycle = "cannot add a view to itself or to a view inside it: a view cannot contain itself"
    local ok, message = pcall(inner.addArrangedSubview, inner, inner)
    assert.is_false(ok)
    assert.is_truthy(message:find(cycle, 1, true))
    ok, message = pcall(inner.addArrangedSubview, inner, outer)
    assert.is_truthy(message:find(cycle, 1, true))
    assert.has_error(function() inner.arrangedSubviews = { ui.View:new{}, outer } end,
      "bad value for property 'arrangedSubviews' of ui.StackView (" .. cycle .. ")")
    assert.are.same({}, inner.arrangedSubviews)
    assert.has_error(function() inner:addArrangedSubview(ui.Window:new{}) end)
    assert.has_error(function() inner:addArrangedSubview(42) end,
      "bad argument #1 to 'addArrangedSubview' (ui.View expected, got number)")
    assert.has_error(function() inner.arrangedSubviews = { ui.View:new{}, 5 } end,
      "bad value for property 'arrangedSubviews' of ui.StackView (ui.View expected, got number at index 2)")
    assert.has_error(function() inner:insertArrangedSubview(ui.View:new{}, 2) end,
      "bad argument #2 to 'insertArrangedSubview' (index 2 out of range 1...1)")
    assert.has_error(function() inner:insertArrangedSubview(ui.View:new{}, math.mininteger) end)
    assert.has_error(function() inner:removeArrangedSubview(nil) end,
      "bad argument #1 to 'removeArrangedSubview' (ui.View expected, got nil)")
  end)

  it("lays out thousands of views, and a chain of thousands of stacks, without trouble", function()
    local many = {}
    for i = 1, 5000 do many[i] = ui.Label:new{ text = tostring(i) } end
    local stack = ui.StackView:new{ frame = { 0, 0, 320, 480 }, axis = "vertical", distribution = "fillEqually",
      arrangedSubviews = many }
    window:addSubview(stack)
    window:render("text")
    assert.are.equal(480, many[5000].frame.y + many[5000].frame.height)
    local top = ui.StackView:new{ frame = { 0, 0, 320, 480 } }
    local current = top
    for _ = 1, 2000 do
      local inner = ui.StackView:new{ axis = "vertical" }
      current:addArrangedSubview(inner)
      current = inner
    end
    current:addArrangedSubview(ui.Label:new{ text = "deep" })
    window:addSubview(top)
    assert.is_string(window:render("text"))
    assert.is_string(window:render("svg"))
  end)

  it("takes the intrinsic size a Lua class gives, and reports one that is not a size", function()
    local Badge = ui.View:extend("Badge")
    function Badge:intrinsicContentSize() return { width = 40, height = 32 } end
    assert.are.same({ width = -1, height = -1 }, ui.View:new{}.intrinsicContentSize)
    local badge = Badge:new{}
    assert.are.same({ width = 40, height = 32 }, badge.intrinsicContentSize)
    local row = ui.StackView:new{ frame = { 0, 0, 320, 48 }, alignment = "center",
      arrangedSubviews = { badge, ui.Slider:new{} } }
    row:layoutIfNeeded()
    assert.are.same({ x = 0, y = 8, width = 40, height = 32 }, badge.frame)
    assert.are.same({ x = 40, y = 16, width = 280, height = 16 }, row.arrangedSubviews[2].frame)
    -- Inside the override, the view's own size is the Swift one, as `super` would give it.
    local Wider = ui.Label:extend("Wider")
    function Wider:intrinsicContentSize()
      local size = self.intrinsicContentSize
      return { width = size.width + 16, height = size.height }
    end
    assert.are.same({ width = 40, height = 16 }, Wider:new{ text = "abc" }.intrinsicContentSize)
    local Broken = ui.View:extend("Broken")
    function Broken:intrinsicContentSize() return "big" end
    assert.are.same({ width = -1, height = -1 }, Broken:new{}.intrinsicContentSize)
    local reported = test.errors()
    assert.are.equal(1, #reported)
    assert.are.equal("intrinsicContentSize of Broken", reported[1].context)
    assert.matches("bad result from 'intrinsicContentSize' (size expected, got string)", reported[1].message, 1, true)
  end)

  -- Every view class a script can extend, from the host's registry: a class registered
  -- there is covered here without a list to keep.
  for _, class in ipairs(test.classes()) do
    if (class.kind == "view" or class.kind == "control") and class.extensible then
      it("sizes a Lua class of ui." .. class.key .. " by its intrinsicContentSize override", function()
        local Sized = ui[class.key]:extend("Sized" .. class.key)
        function Sized:intrinsicContentSize() return { width = 24, height = 32 } end
        local fields = {}
        for key, value in pairs(class.sample) do fields[key] = value end
        local view = Sized:new(fields)
        assert.are.same({ width = 24, height = 32 }, view.intrinsicContentSize)
        local row = ui.StackView:new{ frame = { 0, 0, 100, 40 }, alignment = "top",
          arrangedSubviews = { view, ui.View:new{} } }
        row:layoutIfNeeded()
        assert.are.same({ x = 0, y = 0, width = 24, height = 32 }, view.frame)
      end)
    end
  end

  it("is drawn by its views in the text render and the SVG, and focus goes through them", function()
    local field = ui.TextField:new{ placeholder = "Name" }
    local button = ui.Button:new{ title = "Go" }
    local row = ui.StackView:new{ frame = { 0, 0, 320, 16 }, spacing = 8, arrangedSubviews = { field, button } }
    window:addSubview(row)
    window:makeKeyAndVisible()
    assert.are.equal("[Name", window:render("text"):sub(1, 5))
    assert.is_truthy(window:render("svg"):find('<g class="StackView"', 1, true))
    window:key("tab")
    assert.are.equal(field, window.focusedView)
    window:key("tab")
    assert.are.equal(button, window.focusedView)
  end)

  it("can be extended, and its layoutSubviews override is called", function()
    local Counting = ui.StackView:extend("Counting")
    local layouts = 0
    function Counting:layoutSubviews()
      layouts = layouts + 1
      Counting.super.layoutSubviews(self)
    end
    local stack = Counting:new{ frame = { 0, 0, 100, 16 }, arrangedSubviews = { ui.Label:new{ text = "x" } } }
    window:addSubview(stack)
    window:render("text")
    assert.are.equal(1, layouts)
    assert.are.equal(100, stack.arrangedSubviews[1].frame.width)
  end)
end)

describe("an app laid out by stack views", function()
  local app
  before_each(function() app = test.launch("apps/stackform") end)

  it("shows its views where the stacks put them, and the pilot taps and types into them", function()
    local screen = app:screen()
    assert.is_truthy(screen:find("Profile", 1, true))
    assert.is_truthy(screen:find("Name [Your name", 1, true))
    app:tap("Your name")
    app:type("Ann")
    app:tap("Save")
    assert.is_not_nil(app:find("Saved Ann"))
    app:tap("(off)")
    assert.is_true(app.app.form.toggle.on)
    app:rotate("landscape")
    assert.are.equal(480, app.app.form.form.frame.width)
    assert.is_not_nil(app:find("Saved Ann"))
  end)
end)
