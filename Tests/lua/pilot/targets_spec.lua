-- The pilot finds what a test names as a person does: by the text on screen or an
-- accessibility label, and says what the screen shows when it cannot.
describe("pilot targets", function()
  local app

  before_each(function()
    app = test.launch("apps/demo")
  end)

  it("taps a button by its title, and the label it changes shows the new text", function()
    app:tap("Add")
    app:tap("Add")
    assert.is_not_nil(app:find("Count: 2"))
    assert.is_nil(app:find("Count: 0"))
  end)

  it("taps a view by its accessibility label", function()
    app:tap("Star")
    assert.is_not_nil(app:find("Starred"))
  end)

  it("taps a bar button and a table cell by their text", function()
    app:tap("Edit")
    assert.is_true(app.app.edited)
    app:tap("Row 2")
    assert.is_not_nil(app:find("Picked 2"))
  end)

  it("taps a text field by its placeholder", function()
    app:tap("Name")
    app:type("Ann")
    assert.are.equal("Ann", app.app.home.field.text)
    assert.is_not_nil(app:find("Ann"))
  end)

  it("taps a point", function()
    -- The button's frame is { 160, 48, 72, 24 } in the home view, under the 44-point bar.
    app:tap({ x = 190, y = 104 })
    assert.is_not_nil(app:find("Count: 1"))
    app:tap({ 190, 104 })
    assert.is_not_nil(app:find("Count: 2"))
  end)

  it("taps where the text is drawn", function()
    -- A label's text drawn in the row the view shares with another is reached there.
    local view = app:find("Add")
    assert.are.same({ x = 160, y = 92 }, view:convertPoint({ x = 0, y = 0 }, nil))
    app:tap("Add")
    assert.are.equal(1, app.app.counter.taps)
  end)

  it("lists what is on screen when the target is missing", function()
    local ok, message = pcall(function() app:tap("Sve") end)
    assert.is_false(ok)
    assert.matches('targets_spec%.lua:%d+: no "Sve" on screen; the screen shows: "Home", "Edit", "Count: 0", "Add", "Next", '
      .. '"Present", "Fail", "Wait", "Name", "Same", "Hold me", "Not swiped", "Row 1", "Row 2", "Row 3", "Row 4", "Row 5"$',
      message)
  end)

  it("suggests the nearest text", function()
    local ok, message = pcall(app.tap, app, "Nxt")
    assert.is_false(ok)
    assert.matches('no "Nxt" on screen %(did you mean "Next"%?%)', message)
  end)

  it("lists the candidates with their places when the target is ambiguous", function()
    local ok, message = pcall(app.tap, app, "Same")
    assert.is_false(ok)
    assert.matches('"Same" is on screen 2 times: ui.Button \'Same\' at %(36, 168%), ui.Button \'Same\' at %(108, 168%); '
      .. "tap a point %({x=, y=}%) or give one an accessibilityLabel", message)
    assert.has_error(function() app:find("Same") end)
  end)

  it("does not see text covered by a presented controller", function()
    app:tap("Present")
    assert.is_nil(app:find("Add"))
    local ok, message = pcall(app.tap, app, "Add")
    assert.is_false(ok)
    assert.matches('no "Add" on screen; the screen shows: "Close"$', message)
    app:tap("Close")
    assert.is_not_nil(app:find("Add"))
  end)

  it("gives the texts on screen in reading order", function()
    local lines = {}
    for line in app:text():gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.are.same({ "Home", "Edit", "Count: 0", "Add", "Next" }, { table.unpack(lines, 1, 5) })
  end)

  it("lists a text shown twice twice, in its places", function()
    local lines = {}
    for line in app:text():gmatch("[^\n]+") do lines[#lines + 1] = line end
    local wait = 0
    for index, line in ipairs(lines) do if line == "Wait" then wait = index end end
    assert.are.same({ "Name", "Same", "Same", "Hold me" }, { table.unpack(lines, wait + 1, wait + 4) })
  end)

  it("refuses targets that are not text or a finite point", function()
    local function message(target)
      local ok, err = pcall(function() app:tap(target) end)
      assert.is_false(ok)
      return err
    end
    assert.matches("bad argument #1 to 'tap' %(text on screen, an accessibility label or a point {x=, y=} expected, got nil%)",
      message(nil))
    assert.matches("got number", message(12))
    assert.matches("bad argument #1 to 'tap' %(a non%-empty text expected%)", message(""))
    assert.matches("bad argument #1 to 'tap' %(finite number expected, got nan in field 'x'%)", message({ x = 0 / 0, y = 10 }))
    assert.matches("bad argument #1 to 'tap' %(finite number expected, got inf in field 'y'%)", message({ x = 1, y = math.huge }))
    assert.matches("point", message({ x = "a", y = 1 }))
  end)
end)
