-- ui.indexPath: the place of a row or item, counted from 1, as lists and fetched results
-- give and take it.

--- The message of the error `f` raises, without its place (which must be this file's).
local function failure(f)
  local ok, message = pcall(f)
  assert.is_false(ok, "an error was expected")
  message = tostring(message)
  assert.matches("^[^:]*index_path_spec%.lua:%d+: ", message)
  return (message:gsub("^[^:]*:%d+: ", ""))
end

describe("ui.indexPath", function()
  it("has a section and an item, which is also its row", function()
    local ip = ui.indexPath(2, 5)
    assert.are.equal(2, ip.section)
    assert.are.equal(5, ip.item)
    assert.are.equal(5, ip.row)
    assert.are.equal(math.maxinteger, ui.indexPath(1, math.maxinteger).item)
  end)

  it("is written as it is made", function()
    assert.are.equal("ui.indexPath(1, 3)", tostring(ui.indexPath(1, 3)))
    assert.are.equal("ui.indexPath(12, 1)", tostring(ui.indexPath(12.0, 1)))
  end)

  it("is equal to another of the same numbers, and ordered by section, then item", function()
    assert.is_true(ui.indexPath(1, 3) == ui.indexPath(1, 3))
    assert.is_false(ui.indexPath(1, 3) == ui.indexPath(3, 1))
    assert.is_true(ui.indexPath(1, 9) < ui.indexPath(2, 1))
    assert.is_true(ui.indexPath(2, 1) < ui.indexPath(2, 2))
    assert.is_true(ui.indexPath(2, 2) <= ui.indexPath(2, 2))
    assert.is_false(ui.indexPath(2, 2) < ui.indexPath(2, 2))
    local list = { ui.indexPath(2, 1), ui.indexPath(1, 7), ui.indexPath(1, 2) }
    table.sort(list)
    assert.are.same({ "ui.indexPath(1, 2)", "ui.indexPath(1, 7)", "ui.indexPath(2, 1)" },
      { tostring(list[1]), tostring(list[2]), tostring(list[3]) })
    -- Not equal to a table of the same numbers, or to another kind of object.
    assert.is_false(ui.indexPath(1, 1) == { section = 1, item = 1 })
    assert.is_false(ui.indexPath(1, 1) == ui.View:new{})
  end)

  it("cannot be compared with another kind of value", function()
    assert.has_error(function() return ui.indexPath(1, 1) < 3 end)
    assert.has_error(function() return ui.View:new{} < ui.indexPath(1, 1) end)
  end)

  it("refuses numbers that are no section or item, where it is made", function()
    for _, number in ipairs({ 0, -1, math.mininteger }) do
      assert.are.equal("bad argument #1 to 'indexPath' (section of at least 1 expected, got " .. number .. ")",
        failure(function() ui.indexPath(number, 1) end))
      assert.are.equal("bad argument #2 to 'indexPath' (item of at least 1 expected, got " .. number .. ")",
        failure(function() ui.indexPath(1, number) end))
    end
    for _, number in ipairs({ 0 / 0, 1.5, math.huge, -math.huge, 1e308 }) do
      assert.are.equal("bad argument #1 to 'indexPath' (number has no integer representation)",
        failure(function() ui.indexPath(number, 1) end))
    end
    assert.are.equal("bad argument #2 to 'indexPath' (number expected, got no value)", failure(function() ui.indexPath(1) end))
  end)

  it("is read only", function()
    local ip = ui.indexPath(1, 2)
    assert.has_error(function() ip.section = 4 end)
    assert.are.equal(1, ip.section)
  end)

  it("is what a table view gives, and a table of numbers does where one is taken", function()
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local table = ui.TableView:new{ frame = { 0, 0, 320, 480 } }
    table:register("Cell", ui.TableViewCell)
    table.dataSource = {
      numberOfRows = function() return 3 end,
      cellForRow = function(self, tv, ip) return tv:dequeue("Cell", ip) end,
    }
    window:addSubview(table)
    window:layoutIfNeeded()
    assert.are.equal(ui.indexPath(1, 3), table.indexPathsForVisibleRows[3])
    assert.are.equal(table:cellAt(ui.indexPath(1, 2)), table:cellAt{ section = 1, row = 2 })
    assert.are.equal(table:cellAt(ui.indexPath(1, 2)), table:cellAt{ section = 1, item = 2 })
    assert.are.equal("bad argument #1 to 'cellAt' (section of at least 1 expected, got 0)",
      failure(function() table:cellAt{ section = 0, row = 1 } end))
    assert.are.equal("bad argument #1 to 'cellAt' (index path expected, got string)",
      failure(function() table:cellAt("1.1") end))
    assert.are.equal("bad argument #1 to 'cellAt' (number has no integer representation in field 'item')",
      failure(function() table:cellAt{ section = 1, item = 0 / 0 } end))
  end)
end)
