-- ui.TableView through the ui module: a data source asked only for the rows in view, cells
-- of Lua classes reused, selection, editing and deleting, updates checked before anything
-- changes, errors in callbacks reported with the table still usable, and a million rows.

--- The message of the error `f` raises, with its place, which must be this file's.
local function failure(f)
  local ok, message = pcall(f)
  assert.is_false(ok, "an error was expected")
  message = tostring(message)
  assert.matches("^[^:]*table_spec%.lua:%d+: ", message)
  return message
end

describe("ui.TableView", function()
  local window, table, EntryCell, made, reused

  --- A data source over `rows` (a list of section sizes) that records the rows it is asked
  --- for; cells say "section.row".
  local function source(rows)
    local ds = { rows = rows, asked = {} }
    function ds:numberOfSections(tv) return #self.rows end
    function ds:numberOfRows(tv, section) return self.rows[section] end
    function ds:cellForRow(tv, ip)
      self.asked[#self.asked + 1] = ip.section .. "." .. ip.row
      local cell = tv:dequeue("Entry", ip)
      cell.textLabel.text = ip.section .. "." .. ip.row
      return cell
    end
    return ds
  end

  local function texts()
    local list = {}
    for index, cell in ipairs(table.visibleCells) do list[index] = cell.textLabel.text end
    return list
  end

  local function tap(point)
    window:layoutIfNeeded()
    if type(point) == "function" then point = point() end
    window:touch("began", point)
    window:touch("ended", point)
    test.advance(1)
  end

  local function swipeLeft(y)
    window:touch("began", { 280, y })
    test.advance(0.05)
    window:touch("moved", { 180, y })
    test.advance(0.05)
    window:touch("moved", { 80, y })
    window:touch("ended", { 80, y })
    test.advance(1)
  end

  before_each(function()
    made, reused = 0, 0
    EntryCell = ui.TableViewCell:extend("EntryCell")
    function EntryCell:init() made = made + 1; self.serial = made end
    function EntryCell:prepareForReuse()
      reused = reused + 1
      self.textLabel.text = ""
      EntryCell.super.prepareForReuse(self)
    end
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    table = ui.TableView:new{ frame = { 0, 0, 320, 480 } }
    table:register("Entry", EntryCell, "subtitle")
    window:addSubview(table)
  end)

  describe("asks its data source", function()
    it("only for the rows in view, and for the rows that come into view as it scrolls", function()
      local ds = source({ 100 })
      table.dataSource = ds
      assert.are.equal(ds, table.dataSource)
      window:layoutIfNeeded()
      assert.are.same({ "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11" }, ds.asked)
      assert.are.same(ds.asked, texts())
      ds.asked = {}
      table.contentOffset = { 0, 44 * 3 }
      assert.are.same({ "1.12", "1.13", "1.14" }, ds.asked)
      assert.are.equal(ui.indexPath(1, 4), table.indexPathsForVisibleRows[1])
      assert.are.equal(100, table:numberOfRows(1))
      assert.are.equal(0, table:numberOfRows(2))
      assert.are.equal(1, table.numberOfSections)
    end)

    it("for cells made by the registered class once, and reused as rows leave", function()
      table.dataSource = source({ 1000 })
      window:layoutIfNeeded()
      local first = {}
      for _, cell in ipairs(table.visibleCells) do first[cell] = true end
      assert.are.equal(11, made)
      assert.are.equal("EntryCell", getmetatable(table.visibleCells[1]) and table.visibleCells[1].__name)
      assert.are.equal("subtitle", table.visibleCells[1].style)
      assert.are.equal("Entry", table.visibleCells[1].reuseIdentifier)
      for step = 1, 20 do table.contentOffset = { 0, step * 480 } end
      assert.is_true(made <= 13, "made " .. made .. " cells for 20 screens")
      assert.is_true(reused > 200)
      local again = 0
      for _, cell in ipairs(table.visibleCells) do
        if first[cell] then again = again + 1 end
        assert.are.equal(cell.textLabel.text, tostring(table:indexPathFor(cell).section) .. "." .. table:indexPathFor(cell).row)
      end
      assert.is_true(again >= 9, "the same cell objects come back")
    end)

    it("for header and footer titles, and counts sections from 1", function()
      local ds = source({ 2, 3 })
      function ds:titleForHeader(tv, section) return "Header " .. section end
      function ds:titleForFooter(tv, section) return section == 2 and "The end" or nil end
      table.dataSource = ds
      local screen = window:render("text")
      assert.truthy(screen:find("Header 1", 1, true))
      assert.truthy(screen:find("Header 2", 1, true))
      assert.truthy(screen:find("The end", 1, true))
      assert.are.same({ "1.1", "1.2", "2.1", "2.2", "2.3" }, texts())
      assert.are.same({ x = 0, y = 28 + 44 * 2 + 28, width = 320, height = 44 }, table:rectForRow(ui.indexPath(2, 1)))
      assert.are.equal(ui.indexPath(2, 1), table:indexPathAt{ 10, 28 + 44 * 2 + 28 + 5 })
      assert.is_nil(table:indexPathAt{ 10, 5 })
    end)

    it("announces the rows ahead, and tells the delegate of each cell it shows", function()
      local ds = source({ 100 })
      local prefetched, shown = {}, {}
      function ds:prefetchRows(tv, ips) prefetched[#prefetched + 1] = #ips .. " from " .. tostring(ips[1]) end
      table.dataSource = ds
      table.delegate = { willDisplay = function(self, tv, cell, ip) shown[#shown + 1] = cell.textLabel.text == ip.section .. "." .. ip.row end }
      window:layoutIfNeeded()
      assert.are.same({ "11 from ui.indexPath(1, 12)" }, prefetched)
      assert.are.equal(11, #shown)
      for _, ok in ipairs(shown) do assert.is_true(ok) end
    end)

    it("for row heights only when its delegate has heightForRow", function()
      table.dataSource = source({ 1000 })
      local lookups = 0
      table.delegate = setmetatable({}, { __index = function(_, name)
        if name == "heightForRow" then lookups = lookups + 1 end
      end })
      window:layoutIfNeeded()
      table:reloadData()
      assert.is_true(lookups <= 4, "looked up " .. lookups .. " times for 1000 rows")
      assert.are.equal(44, table:rectForRow(ui.indexPath(1, 2)).height)
      local asked = 0
      table.delegate = { heightForRow = function(self, tv, ip) asked = asked + 1; return ip.row % 2 == 0 and 20 or nil end }
      window:layoutIfNeeded()
      assert.are.equal(1000, asked)
      assert.are.equal(20, table:rectForRow(ui.indexPath(1, 2)).height)
      assert.are.equal(44 + 20 + 44, table:rectForRow(ui.indexPath(1, 4)).y)
    end)

    it("and a million rows scroll to the end as a hundred do", function()
      local ds = source({ 1000000 })
      table.dataSource = ds
      window:layoutIfNeeded()
      ds.asked = {}
      table:scrollTo(ui.indexPath(1, 1000000))
      local visible = table.indexPathsForVisibleRows
      assert.are.equal(ui.indexPath(1, 1000000), visible[#visible])
      assert.is_true(#ds.asked <= 12, "asked for " .. #ds.asked .. " cells")
      assert.are.equal("1.1000000", ds.asked[#ds.asked])
      assert.is_true(made <= 13)
      assert.truthy(window:render("text"):find("1.1000000", 1, true))
      table:scrollTo(ui.indexPath(1, 900000), "top")
      assert.are.equal(ui.indexPath(1, 900000), table.indexPathsForVisibleRows[1])
      assert.are.equal(899999 * 44, table.contentOffset.y)
    end)
  end)

  describe("selects", function()
    it("the row tapped, telling the delegate of the row deselected first", function()
      table.dataSource = source({ 20 })
      local heard = {}
      table.delegate = {
        didSelectRow = function(self, tv, ip) heard[#heard + 1] = "select " .. tostring(ip) end,
        didDeselectRow = function(self, tv, ip) heard[#heard + 1] = "deselect " .. tostring(ip) end,
      }
      window:layoutIfNeeded()
      tap{ 100, 44 * 2 + 10 }
      assert.are.equal(ui.indexPath(1, 3), table.indexPathForSelectedRow)
      assert.is_true(table:cellAt(ui.indexPath(1, 3)).selected)
      tap{ 100, 10 }
      assert.are.same({ "select ui.indexPath(1, 3)", "deselect ui.indexPath(1, 3)", "select ui.indexPath(1, 1)" }, heard)
      assert.is_false(table:cellAt(ui.indexPath(1, 3)).selected)
    end)

    it("by code without telling the delegate, and refuses a row it does not have", function()
      table.dataSource = source({ 100 })
      local heard = 0
      table.delegate = { didSelectRow = function() heard = heard + 1 end }
      table:selectRow(ui.indexPath(1, 15), "top")
      assert.are.equal(ui.indexPath(1, 15), table.indexPathsForVisibleRows[1])
      assert.is_true(table:cellAt(ui.indexPath(1, 15)).selected)
      table:deselectRow(ui.indexPath(1, 15))
      assert.is_nil(table.indexPathForSelectedRow)
      assert.matches("table_spec%.lua:%d+: attempt to select an invalid index path: row 101 of section 1$",
        failure(function() table:selectRow(ui.indexPath(1, 101)) end))
      assert.matches("attempt to scroll to an invalid index path: row 1 of section 2$",
        failure(function() table:scrollTo(ui.indexPath(2, 1)) end))
      table:selectRow(ui.indexPath(1, 2))
      table:selectRow(nil)
      assert.is_nil(table.indexPathForSelectedRow)
      assert.are.equal(0, heard)
    end)

    it("nothing when selection is off", function()
      table.dataSource = source({ 20 })
      table.allowsSelection = false
      window:layoutIfNeeded()
      tap{ 100, 10 }
      assert.is_nil(table.indexPathForSelectedRow)
    end)
  end)

  describe("edits", function()
    local ds

    before_each(function()
      ds = source({ 5 })
      function ds:commitDelete(tv, ip)
        self.rows[ip.section] = self.rows[ip.section] - 1
        self.deleted = tostring(ip)
        tv:deleteRows{ ip }
      end
      table.dataSource = ds
      window:layoutIfNeeded()
    end)

    it("showing delete controls on the rows the data source can delete, whose delete buttons commit it", function()
      table.editing = true
      for _, cell in ipairs(table.visibleCells) do
        assert.is_true(cell.showsEditingControl)
        assert.is_false(cell.showsDeleteButton)
      end
      local second = table:cellAt(ui.indexPath(1, 2))
      tap(function() return second:convertPoint({ 8, 20 }, nil) end)
      assert.is_true(second.showsDeleteButton)
      assert.is_nil(table.indexPathForSelectedRow, "a table that edits selects no row")
      tap(function() return second.deleteButton:convertPoint({ 4, 4 }, nil) end)
      assert.are.equal("ui.indexPath(1, 2)", ds.deleted)
      assert.are.equal(4, table:numberOfRows(1))
      assert.are.same({ "1.1", "1.3", "1.4", "1.5" }, texts())
      table.editing = false
      for _, cell in ipairs(table.visibleCells) do assert.is_false(cell.showsEditingControl) end
    end)

    it("no row without commitDelete, unless canEditRow says so", function()
      ds.commitDelete = nil
      table.editing = true
      for _, cell in ipairs(table.visibleCells) do assert.is_false(cell.showsEditingControl) end
      table.editing = false
      function ds:canEditRow(tv, ip) return ip.row == 3 end
      table.editing = true
      assert.is_true(table:cellAt(ui.indexPath(1, 3)).showsEditingControl)
      assert.is_false(table:cellAt(ui.indexPath(1, 2)).showsEditingControl)
    end)

    it("a row swiped to the left", function()
      swipeLeft(44 * 3 + 20)
      local fourth = table:cellAt(ui.indexPath(1, 4))
      assert.is_true(fourth.showsDeleteButton)
      assert.is_false(table:cellAt(ui.indexPath(1, 3)).showsDeleteButton)
      tap(function() return fourth.deleteButton:convertPoint({ 4, 4 }, nil) end)
      assert.are.equal("ui.indexPath(1, 4)", ds.deleted)
      assert.are.same({ "1.1", "1.2", "1.3", "1.5" }, texts())
    end)
  end)

  describe("updates", function()
    local ds

    before_each(function()
      ds = source({ 20, 2 })
      table.dataSource = ds
      window:layoutIfNeeded()
    end)

    it("that add up, keeping the cells of the other rows", function()
      local cellOf3 = table:cellAt(ui.indexPath(1, 3))
      ds.rows[1] = 21
      ds.asked = {}
      table:insertRows{ ui.indexPath(1, 1) }
      assert.are.same({ "1.1" }, ds.asked)
      assert.are.equal(cellOf3, table:cellAt(ui.indexPath(1, 4)))
      ds.rows = { 20, 3 }
      table:performBatchUpdates(function()
        table:deleteRows{ ui.indexPath(1, 1) }
        table:insertRows{ { section = 2, row = 3 } }
        table:moveRow(ui.indexPath(1, 5), ui.indexPath(1, 1))
        table:reloadRows{ ui.indexPath(1, 2) }
      end)
      assert.are.equal(3, table:numberOfRows(2))
      ds.rows = { 20, 1, 3 }
      table:insertSections{ 2 }
      assert.are.equal(3, table.numberOfSections)
      ds.rows = { 20, 3 }
      table:deleteSections{ 2 }
      assert.are.equal(2, table.numberOfSections)
    end)

    it("refused when they do not add up, with UIKit's message counted from 1 and the place of the call", function()
      local cells = table.visibleCells
      ds.rows[1] = 22
      local line = debug.getinfo(1, "l").currentline
      local message = failure(function()
        table:performBatchUpdates(function()
          table:insertRows{ ui.indexPath(1, 1), ui.indexPath(1, 2) }
          table:deleteRows{ ui.indexPath(1, 4), ui.indexPath(1, 5) }
        end)
      end)
      local place = tonumber(message:match("table_spec%.lua:(%d+):"))
      assert.is_true(place > line and place <= line + 6, "the place of the call: " .. message)
      assert.are.equal("invalid number of rows in section 1. "
        .. "The number of rows contained in an existing section after the update (22) must be equal to the number of rows "
        .. "contained in that section before the update (20), plus or minus the number of rows inserted or deleted from "
        .. "that section (2 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section "
        .. "(0 moved in, 0 moved out).", message:match("table_spec%.lua:%d+: (.*)"))
      -- Nothing changed, and the table goes on.
      assert.are.same(cells, table.visibleCells)
      assert.are.equal(20, table:numberOfRows(1))
      assert.matches(": attempt to insert row 25 of section 1, but there are only 22 rows in section 1 after the update$",
        failure(function() table:insertRows{ ui.indexPath(1, 25) } end))
      assert.matches(": attempt to delete section 3, but there are only 2 sections before the update$",
        failure(function() table:deleteSections{ 3 } end))
      assert.matches(": invalid number of sections%. The number of sections contained in the table view after the update %(2%) "
        .. "must be equal to the number of sections contained in the table view before the update %(2%), plus or minus the "
        .. "number of sections inserted or deleted %(1 inserted, 0 deleted%)%.$",
        failure(function() table:insertSections{ 1 } end))
      table:insertRows{ ui.indexPath(1, 21), ui.indexPath(1, 22) }
      assert.are.equal(22, table:numberOfRows(1))
      table:scrollTo(ui.indexPath(1, 22))
      local cells = table.visibleCells
      assert.are.equal("1.22", cells[#cells].textLabel.text)
    end)

    it("gathered between beginUpdates and endUpdates, checked at the end", function()
      ds.rows[1] = 19
      table:beginUpdates()
      table:deleteRows{ ui.indexPath(1, 1) }
      table:beginUpdates()
      table:deleteRows{ ui.indexPath(1, 2) }
      table:endUpdates()
      assert.are.equal(20, table:numberOfRows(1), "nothing before the outermost end")
      assert.matches(": invalid number of rows in section 1%..*%(0 inserted, 2 deleted%)", failure(function() table:endUpdates() end))
      assert.are.equal(20, table:numberOfRows(1))
      table:endUpdates()
      ds.rows[1] = 19
      table:beginUpdates()
      table:deleteRows{ ui.indexPath(1, 1) }
      table:endUpdates()
      assert.are.equal(19, table:numberOfRows(1))
    end)

    it("whose function raises: the error is the call's, and the table reloads", function()
      local message = failure(function()
        table:performBatchUpdates(function()
          ds.rows[1] = 19
          table:deleteRows{ ui.indexPath(1, 1) }
          error("half way")
        end)
      end)
      assert.matches("table_spec%.lua:%d+: half way$", message)
      assert.are.equal(19, table:numberOfRows(1))
      assert.are.equal("1.1", table.visibleCells[1].textLabel.text)
    end)

    it("of hostile numbers, refused clearly", function()
      assert.matches("bad argument #1 to 'insertRows' %(list of index paths expected, got an index path%)",
        failure(function() table:insertRows(ui.indexPath(1, 1)) end))
      assert.matches("bad argument #1 to 'insertRows' %(section of at least 1 expected, got 0",
        failure(function() table:insertRows{ { section = 0, row = 1 } } end))
      assert.matches("bad argument #1 to 'deleteSections' %(section of at least 1 expected, got %-9223372036854775808",
        failure(function() table:deleteSections{ math.mininteger } end))
      assert.matches("bad argument #1 to 'deleteSections' %(number has no integer representation",
        failure(function() table:deleteSections{ 0 / 0 } end))
      assert.matches("bad argument #1 to 'moveRow' %(number has no integer representation in field 'item'%)",
        failure(function() table:moveRow({ section = 1, item = 1.5 }, ui.indexPath(1, 1)) end))
      assert.matches(": attempt to insert row 9223372036854775807 of section 1, but there are only 20 rows in section 1 after the update",
        failure(function() table:insertRows{ ui.indexPath(1, math.maxinteger) } end))
      assert.matches("bad value for property 'rowHeight' of ui.TableView %(finite number expected, got nan%)",
        failure(function() table.rowHeight = 0 / 0 end))
      table.rowHeight = 1e308
      assert.are.equal(1e15, table.rowHeight)
      assert.are.equal(20, table:numberOfRows(1))
    end)
  end)

  describe("reports errors in its callbacks and stays usable", function()
    it("an error in cellForRow with its name, showing an empty cell there", function()
      local ds = source({ 20 })
      local cellForRow = ds.cellForRow
      function ds:cellForRow(tv, ip)
        if ip.row == 3 then error("no entry 3") end
        return cellForRow(self, tv, ip)
      end
      table.dataSource = ds
      window:layoutIfNeeded()
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.matches("^cellForRow of table data source set at Tests/lua/table_spec.lua:%d+$", errors[1].context)
      assert.matches("table_spec%.lua:%d+: no entry 3", errors[1].message)
      assert.truthy(errors[1].traceback)
      local empty = table:cellAt(ui.indexPath(1, 3))
      assert.are.equal("", empty.textLabel.text)
      assert.is_nil(empty.reuseIdentifier)
      assert.are.equal("1.4", table:cellAt(ui.indexPath(1, 4)).textLabel.text)
      table.contentOffset = { 0, 44 * 5 }
      assert.are.equal("1.6", table.visibleCells[1].textLabel.text)
    end)

    it("an answer that is not a cell, in Lua's words", function()
      local ds = source({ 3 })
      function ds:cellForRow(tv, ip) return ip.row == 1 and 42 or (ip.row == 2 and ui.View:new{} or nil) end
      table.dataSource = ds
      window:layoutIfNeeded()
      local errors = test.errors()
      assert.are.equal(3, #errors)
      assert.are.equal("bad result from 'cellForRow' (ui.TableViewCell expected, got number)", errors[1].message)
      assert.are.equal("bad result from 'cellForRow' (ui.TableViewCell expected, got ui.View)", errors[2].message)
      assert.are.equal("bad result from 'cellForRow' (ui.TableViewCell expected, got nil)", errors[3].message)
      assert.are.equal(3, #table.visibleCells)
    end)

    it("counts it cannot use, and errors in the counts and heights", function()
      local ds = source({ 5 })
      function ds:numberOfRows(tv, section) return section == 1 and -3 or 2 end
      table.dataSource = ds
      window:layoutIfNeeded()
      local errors = test.errors()
      assert.are.equal("the data source counted -3 rows in section 1; the table view counts 0", errors[1].message)
      assert.matches("^numberOfRows of table data source set at", errors[1].context)
      function ds:numberOfRows() return 1.5 end
      table:reloadData()
      assert.are.equal("bad result from 'numberOfRows' (number has no integer representation)", test.errors()[1].message)
      function ds:numberOfRows() error("counting failed") end
      table:reloadData()
      assert.matches("counting failed", test.errors()[1].message)
      assert.are.equal(0, table:numberOfRows(1))
      function ds:numberOfRows() return 4 end
      table.delegate = { heightForRow = function(self, tv, ip) if ip.row == 2 then error("too tall") end return 0 / 0 end }
      table:reloadData()
      local heights = test.errors()
      assert.are.equal(1, #heights)
      assert.matches("^heightForRow of table delegate set at", heights[1].context)
      assert.are.equal(0, table:rectForRow(ui.indexPath(1, 1)).height, "NaN counts as 0")
      assert.are.equal(44, table:rectForRow(ui.indexPath(1, 2)).height)
      assert.are.equal(ui.indexPath(1, 2), table.indexPathsForVisibleRows[1])
    end)

    it("a cell class whose init fails, through the dequeue that made it", function()
      local Broken = ui.TableViewCell:extend("Broken")
      function Broken:init() error("cannot build") end
      table:register("Broken", Broken)
      table.dataSource = { numberOfRows = function() return 2 end, cellForRow = function(self, tv, ip) return tv:dequeue("Broken", ip) end }
      window:layoutIfNeeded()
      local errors = test.errors()
      assert.are.equal(2, #errors)
      assert.matches("^cellForRow of table data source", errors[1].context)
      assert.matches("table_spec%.lua:%d+: cannot build", errors[1].message)
      assert.are.equal(2, #table.visibleCells)
    end)

    it("and refuses a data source that is none, a class that makes no cells and an id nobody registered", function()
      assert.matches("bad value for property 'dataSource' of ui.TableView %(table or object expected, got number%)",
        failure(function() table.dataSource = 3 end))
      assert.matches("bad value for property 'dataSource' of ui.TableView %(field 'cellForRow' is a number, not a function%)",
        failure(function() table.dataSource = { cellForRow = 3 } end))
      assert.matches("bad argument #2 to 'register' %(ui.Label does not extend ui.TableViewCell%)",
        failure(function() table:register("Label", ui.Label) end))
      assert.matches("bad argument #2 to 'register' %(cell class expected %(ui.TableViewCell or a class extending it%), got number%)",
        failure(function() table:register("X", 5) end))
      assert.matches("table_spec%.lua:%d+: unable to dequeue a cell with identifier Nope %- must register a nib or a class for the identifier$",
        failure(function() table:dequeue("Nope", ui.indexPath(1, 1)) end))
    end)
  end)

  it("is a scroll view, whose delegate hears the scrolling", function()
    table.dataSource = source({ 100 })
    local offsets = {}
    table.delegate = { didScroll = function(self, tv) offsets[#offsets + 1] = tv.contentOffset.y end }
    window:layoutIfNeeded()
    table:scrollBy{ 0, 100 }
    table:scrollTo({ 0, 1000, 10, 10 })
    assert.are.same({ 100, 1010 - 480 }, offsets)
    assert.are.equal(4400, table.contentSize.height)
  end)
end)

describe("ui.TableViewController", function()
  local window

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
  end)

  --- A list of names that deletes from itself, its class's methods its table's data source
  --- and delegate.
  local function namesClass()
    local Names = ui.TableViewController:extend("Names")
    function Names:viewDidLoad()
      self.names = { "Ada", "Grace", "Edsger" }
      self.tableView:register("Name", ui.TableViewCell, "value1")
      self.navigationItem.rightButton = self.editButtonItem
    end
    function Names:numberOfRows(tv, section) return #self.names end
    function Names:cellForRow(tv, ip)
      local cell = tv:dequeue("Name", ip)
      cell.textLabel.text = self.names[ip.row]
      cell.accessoryType = "disclosureIndicator"
      return cell
    end
    function Names:commitDelete(tv, ip)
      table.remove(self.names, ip.row)
      tv:deleteRows{ ip }
    end
    function Names:didSelectRow(tv, ip) self.selected = self.names[ip.row] end
    return Names
  end

  local function names(tv)
    local list = {}
    for index, cell in ipairs(tv.visibleCells) do list[index] = cell.textLabel.text end
    return list
  end

  it("is its table's data source and delegate, through its class's methods", function()
    local Names = namesClass()
    local controller = Names:new{ style = "grouped" }
    window.rootViewController = controller
    local tv = controller.tableView
    assert.are.equal(controller.view, tv)
    assert.are.equal("grouped", tv.style)
    assert.are.equal(controller, tv.dataSource)
    assert.are.equal(controller, tv.delegate)
    window:layoutIfNeeded()
    assert.are.same({ "Ada", "Grace", "Edsger" }, names(tv))
    assert.are.equal("value1", tv.visibleCells[1].style)
    assert.are.equal("disclosureIndicator", tv.visibleCells[1].accessoryType)
    window:tap{ 100, 16 + 44 + 10 }
    test.advance(1)
    assert.are.equal("Grace", controller.selected)
  end)

  it("switches editing with its edit button, and deletes through its commitDelete", function()
    local Names = namesClass()
    local controller = Names:new()
    window.rootViewController = ui.NavigationController:new(controller)
    window:layoutIfNeeded()
    local edit = controller.editButtonItem
    assert.are.equal("Edit", edit.title)
    edit:tap()
    assert.is_true(controller.editing and controller.tableView.editing)
    assert.are.equal("Done", edit.title)
    local grace = controller.tableView:cellAt(ui.indexPath(1, 2))
    assert.is_true(grace.showsEditingControl)
    window:layoutIfNeeded()
    window:tap(grace:convertPoint({ 8, 20 }, nil))
    assert.is_true(grace.showsDeleteButton)
    window:layoutIfNeeded()
    window:tap(grace.deleteButton:convertPoint({ 4, 4 }, nil))
    test.advance(1)
    assert.are.same({ "Ada", "Edsger" }, controller.names)
    assert.are.same({ "Ada", "Edsger" }, names(controller.tableView))
    edit:tap()
    assert.is_false(controller.editing)
    controller:setEditing(true, false)
    assert.are.equal("Done", edit.title)
  end)

  it("clears the selection when it appears again, unless told not to", function()
    local Names = namesClass()
    local controller = Names:new()
    local nav = ui.NavigationController:new(controller)
    window.rootViewController = nav
    assert.is_true(controller.clearsSelectionOnViewWillAppear)
    controller.tableView:selectRow(ui.indexPath(1, 2))
    nav:push(ui.Controller:new(), false)
    nav:pop(false)
    assert.is_nil(controller.tableView.indexPathForSelectedRow)
    controller.clearsSelectionOnViewWillAppear = false
    controller.tableView:selectRow(ui.indexPath(1, 2))
    nav:push(ui.Controller:new(), false)
    nav:pop(false)
    assert.are.equal(ui.indexPath(1, 2), controller.tableView.indexPathForSelectedRow)
  end)

  it("reports an error in one of its methods by its class's name", function()
    local Names = namesClass()
    function Names:numberOfRows() error("lost count") end
    window.rootViewController = Names:new()
    window:layoutIfNeeded()
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.are.equal("numberOfRows of Names", errors[1].context)
    assert.are.equal(0, #window.rootViewController.tableView.visibleCells)
  end)

  it("without methods of its own, shows one empty section", function()
    local controller = ui.TableViewController:new()
    window.rootViewController = controller
    window:layoutIfNeeded()
    assert.are.equal(1, controller.tableView.numberOfSections)
    assert.are.equal(0, controller.tableView:numberOfRows(1))
  end)
end)

describe("a table's header and footer views", function()
  local function makeList()
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local names = { "Ada", "Grace", "Edsger", "Barbara", "Alan" }
    for i = 6, 30 do names[i] = "Name " .. i end
    local list = ui.TableViewController:new{}
    function list:numberOfRows() return #names end
    function list:cellForRow(tv, ip)
      local cell = tv:dequeue("name", ip)
      cell.textLabel.text = names[ip.row]
      return cell
    end
    list.tableView:register("name", ui.TableViewCell)
    window.rootViewController = list
    window:layoutIfNeeded()
    return window, list
  end

  it("puts a search bar above the rows, scrolling with them", function()
    local window, list = makeList()
    local bar = ui.SearchBar:new{ placeholder = "Search names" }
    list.tableView.tableHeaderView = bar
    assert.are.equal(bar, list.tableView.tableHeaderView)
    window:layoutIfNeeded()
    local text = window:render("text")
    assert.is_true(text:find("Search names", 1, true) < text:find("Ada", 1, true))
    assert.are.same({ x = 0, y = 0, width = 320, height = 44 }, bar.frame)
    list.tableView.contentOffset = { 0, 44 }
    window:layoutIfNeeded()
    assert.is_nil(window:render("text"):find("Search names", 1, true))
  end)

  it("puts a footer below the last row, and refuses what is no view", function()
    local window, list = makeList()
    local footer = ui.Label:new{ text = "30 names", frame = { 0, 0, 320, 30 } }
    list.tableView.tableFooterView = footer
    window:layoutIfNeeded()
    assert.are.equal(30 * 44, footer.frame.y)
    assert.has_error(function() list.tableView.tableHeaderView = "bar" end)
    assert.has_error(function() list.tableView.tableHeaderView = window end)
    list.tableView.tableFooterView = nil
    assert.is_nil(footer.superview)
  end)
end)

describe("section header and footer views from the delegate", function()
  --- A table of `sections` sections of 2 rows, each with a title, in a window, laid out
  --- once `delegate` is set.
  local function sectioned(sections, delegate)
    local window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    local table = ui.TableView:new{ frame = { 0, 0, 320, 480 } }
    table:register("row", ui.TableViewCell)
    table.dataSource = {
      numberOfSections = function() return sections end,
      numberOfRows = function() return 2 end,
      cellForRow = function(_, tv, ip) return tv:dequeue("row", ip) end,
      titleForHeader = function(_, tv, section) return "Title " .. section end,
    }
    table.delegate = delegate
    window:addSubview(table)
    window:layoutIfNeeded()
    return window, table
  end

  it("shows the delegate's views at the heights it gives, over the titles", function()
    local asked = {}
    local window, table = sectioned(2, {
      viewForHeader = function(_, tv, section)
        asked[#asked + 1] = section
        if section == 2 then return nil end
        return ui.Label:new{ text = "Custom " .. section, backgroundColor = "systemGray6" }
      end,
      heightForHeader = function(_, tv, section) return section == 1 and 60 or nil end,
      viewForFooter = function(_, tv, section) return ui.Label:new{ text = "End of " .. section } end,
      heightForFooter = function(_, tv, section) return 20 end,
    })
    local text = window:render("text")
    assert.truthy(text:find("Custom 1", 1, true))
    assert.is_nil(text:find("Title 1", 1, true))
    -- A section whose view is nil keeps its title's header.
    assert.truthy(text:find("Title 2", 1, true))
    assert.truthy(text:find("End of 2", 1, true))
    assert.are.same({ 1, 2 }, asked)
    -- The first section's header is 60 high: its first row starts there.
    assert.are.equal(60, table:cellAt(ui.indexPath(1, 1)).frame.y)
    assert.are.equal(60 + 2 * 44 + 20 + 28, table:cellAt(ui.indexPath(2, 1)).frame.y)
  end)

  it("reports a view that is no view, and shows the title's header instead", function()
    local window = sectioned(1, { viewForHeader = function() return "not a view" end })
    assert.truthy(window:render("text"):find("Title 1", 1, true))
    local found = false
    for _, e in ipairs(test.errors()) do
      found = found or e.message == "bad result from 'viewForHeader' (ui.View expected, got string)"
    end
    assert.is_true(found)
  end)
end)
