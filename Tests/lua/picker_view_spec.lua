-- ui.PickerView: wheels of rows from a data source and delegate, counted from 1; turned by
-- taps, drags, the mouse wheel and the arrow keys, which tell didSelectRow; drawn by every
-- renderer, read by the pilot and the REPL.

describe("ui.PickerView", function()
  local window, picker, told
  local fruits = { "Apple", "Banana", "Cherry", "Damson", "Elderberry", "Fig", "Grape" }
  local sizes = { "S", "M", "L", "XL" }

  local function source()
    return {
      numberOfComponents = function(self, p) return 2 end,
      numberOfRows = function(self, p, component) return component == 1 and #fruits or #sizes end,
      titleForRow = function(self, p, row, component) return component == 1 and fruits[row] or sizes[row] end,
      didSelectRow = function(self, p, row, component) told[#told + 1] = row .. "@" .. component end,
    }
  end

  -- The window point on `component`'s wheel, `rows` rows below the selection.
  local function at(component, rows)
    return { component == 1 and 80 or 240, 100 + 108 + (rows or 0) * 32 }
  end

  local function tap(point)
    window:touch("began", point)
    window:touch("ended", point)
  end

  before_each(function()
    told = {}
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    picker = ui.PickerView:new{ frame = { 0, 100, 320, 216 } }
    local s = source()
    picker.dataSource = s
    picker.delegate = s
    window:addSubview(picker)
  end)

  it("counts components and rows from 1, and starts each wheel on its first row", function()
    assert.are.equal(2, picker.numberOfComponents)
    assert.are.equal(7, picker:numberOfRows(1))
    assert.are.equal(4, picker:numberOfRows(2))
    assert.are.equal(7, picker:numberOfRows())
    assert.are.equal(1, picker:selectedRow(1))
    assert.are.equal(1, picker:selectedRow(2))
  end)

  it("selects rows from code without telling the delegate, and refuses rows that are not there", function()
    picker:selectRow(3, 1, true)
    picker:selectRow(4, 2)
    assert.are.equal(3, picker:selectedRow(1))
    assert.are.equal(4, picker:selectedRow(2))
    assert.are.same({}, told)
    assert.has_error(function() picker:selectRow(8, 1) end,
      "bad argument #1 to 'selectRow' (index 8 out of range 1...7)")
    assert.has_error(function() picker:selectRow(1, 3) end,
      "bad argument #2 to 'selectRow' (index 3 out of range 1...2)")
    assert.has_error(function() picker:selectRow(0 / 0) end)
    assert.has_error(function() picker:selectRow(math.mininteger, 1) end)
    assert.has_error(function() picker:selectedRow(1.5) end)
    assert.are.equal(3, picker:selectedRow(1))
  end)

  it("tells the delegate of a person's taps, drags, wheel turns and keys", function()
    tap(at(1, 2))
    assert.are.equal(3, picker:selectedRow(1))
    window:touch("began", at(2))
    window:touch("moved", at(2, -1))
    window:touch("moved", at(2, -2))
    window:touch("ended", at(2, -2))
    assert.are.equal(3, picker:selectedRow(2))
    window:touch("began", { 240, 100 + 108 })
    window:touch("cancelled", { 240, 100 + 108 })
    assert.are.equal(3, picker:selectedRow(2))
    -- The keys turn the wheel touched last; left and right move between the wheels.
    window:key("tab")
    assert.are.equal(picker, window.focusedView)
    window:key("down")
    window:key("right")
    window:key("up")
    window:key("end")
    assert.are.same({ "3@1", "3@2", "4@2", "2@1", "7@1" }, told)
    assert.are.equal(7, picker:selectedRow(1))
  end)

  it("takes an object as data source and delegate, calling its methods with self first", function()
    local Menu = ui.Controller:extend("Menu")
    function Menu:numberOfComponents() return 1 end
    function Menu:numberOfRows() return #self.items end
    function Menu:titleForRow(p, row) return self.items[row] end
    function Menu:didSelectRow(p, row) self.chosen = self.items[row] end
    local menu = Menu:new{ items = { "Tea", "Coffee" } }
    picker.dataSource = menu
    picker.delegate = menu
    assert.are.equal(menu, picker.dataSource)
    tap(at(1, 1))
    assert.are.equal("Coffee", menu.chosen)
    assert.truthy(window:render("text"):find("Coffee", 1, true))
  end)

  it("reloads: counts and titles are asked again, selections kept where their rows still are", function()
    picker:selectRow(6, 1)
    local short = source()
    short.numberOfRows = function(self, p, component) return component == 1 and 3 or 4 end
    picker.dataSource = short
    assert.are.equal(3, picker:selectedRow(1))
    local renamed = source()
    renamed.titleForRow = function(self, p, row, component) return "Row " .. row end
    picker.delegate = renamed
    picker:reloadComponent(2)
    assert.truthy(window:render("text"):find("Row 3", 1, true))
    picker:reloadAllComponents()
    assert.are.equal(2, picker.numberOfComponents)
    assert.has_error(function() picker:reloadComponent(5) end,
      "bad argument #1 to 'reloadComponent' (index 5 out of range 1...2)")
  end)

  it("refuses a data source whose callbacks are not functions, saying which", function()
    assert.has_error(function() picker.dataSource = { numberOfRows = 3 } end,
      "bad value for property 'dataSource' of ui.PickerView (field 'numberOfRows' is a number, not a function)")
    assert.has_error(function() picker.delegate = 42 end,
      "bad value for property 'delegate' of ui.PickerView (table or object expected, got number)")
    assert.has_error(function() picker.delegate = ui.PickerView end)
  end)

  it("reports counts and titles it cannot use, and errors in its callbacks, and goes on", function()
    picker.dataSource = { numberOfComponents = function() return 1e6 end, numberOfRows = function() return 1 end }
    window:layoutIfNeeded()
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.are.equal("bad result from 'numberOfComponents' (count from 0 to 100 expected, got 1000000)", errors[1].message)
    assert.matches("^numberOfComponents of picker data source set at .*picker_view_spec%.lua:%d+$", errors[1].context)
    assert.are.equal(100, picker.numberOfComponents)

    picker.dataSource = {
      numberOfComponents = function() return 3 end,
      numberOfRows = function(self, p, component) return component == 1 and -4 or (component == 2 and 1.5 or 2) end,
    }
    picker.delegate = {
      titleForRow = function(self, p, row, component)
        if row == 1 then error("no title") end
        return {}
      end,
    }
    window:layoutIfNeeded()
    local messages = {}
    for _, e in ipairs(test.errors()) do messages[#messages + 1] = e.message end
    assert.are.equal(4, #messages)
    assert.are.equal("bad result from 'numberOfRows' (count from 0 to 281474976710656 expected, got -4)", messages[1])
    assert.are.equal("bad result from 'numberOfRows' (number has no integer representation)", messages[2])
    assert.matches("picker_view_spec%.lua:%d+: no title", messages[3])
    assert.are.equal("bad result from 'titleForRow' (string expected, got table)", messages[4])
    assert.are.equal(0, picker:numberOfRows(1))
    assert.is_nil(picker:selectedRow(1))
    assert.are.equal(1, picker:selectedRow(3))
    assert.truthy(window:render("text"):find("?", 1, true), "a row without a title shows ?")
  end)

  it("is drawn as wheels, the selection in the middle between rules, in text and SVG", function()
    picker:selectRow(3, 1)
    local text = window:render("text")
    assert.truthy(text:find("Banana", 1, true))
    assert.truthy(text:find("────", 1, true))
    local line = text:match("[^\n]*Cherry[^\n]*")
    assert.truthy(line:find("S", 1, true), "the selected rows of both wheels share a line")
    local svg = window:render("svg")
    assert.truthy(svg:find('<g class="PickerView"', 1, true))
    assert.truthy(svg:find(">Cherry</text>", 1, true))
  end)

  it("can be extended, and its draw override is called", function()
    local Tinted = ui.PickerView:extend("Tinted")
    local drawn = 0
    function Tinted:draw(canvas) drawn = drawn + 1 end
    window:addSubview(Tinted:new{ frame = { 0, 0, 320, 100 } })
    window:render("text")
    assert.are.equal(1, drawn)
  end)

  describe("in an app", function()
    local app
    before_each(function() app = test.launch("pilot/apps/pickers") end)

    it("shows the selected titles in text(), and taps a row by its title", function()
      local text = app:text()
      assert.truthy(text:find("Apple\nS\n", 1, true))
      assert.is_nil(text:find("Banana", 1, true), "rows around the selection are not its value")
      app:tap("Cherry")
      app:tap("L")
      assert.is_not_nil(app:find("Picked: Cherry L"))
      assert.are.same({}, app:errors())
    end)

    it("turns the wheel under the pointer with the mouse wheel, and with the keys once focused", function()
      app:scroll("Apple", 48)
      assert.is_not_nil(app:find("Picked: Banana S"))
      app:key("tab")
      assert.are.equal(app:find("Banana"), app.window.focusedView)
      app:key("down")
      app:key("right")
      app:key("down")
      assert.is_not_nil(app:find("Picked: Cherry M"))
    end)
  end)
end)
