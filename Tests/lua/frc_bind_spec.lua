-- frc:bind: a table view fed from fetched results, every change set of the results arriving
-- as one batch update; and the same by hand, through the results' delegate, with
-- beginUpdates and endUpdates.

describe("frc:bind", function()
  local window, ctx, frc, table

  local function entry(text, day, time)
    return ctx:insert("Entry", { text = text, day = day, time = time })
  end

  local function texts(tv)
    local list = {}
    for index, cell in ipairs((tv or table).visibleCells) do list[index] = cell.textLabel.text end
    return list
  end

  local function cellForRow(tv, ip, obj)
    local cell = tv:dequeue("Entry", ip)
    cell.textLabel.text = obj.text
    return cell
  end

  before_each(function()
    local model = store.model{ Entry = { text = "string", day = "string", time = "double" } }
    ctx = store.open(":memory:", model).context
    entry("a", "mon", 1)
    entry("b", "mon", 2)
    entry("c", "tue", 3)
    entry("d", "wed", 4)
    ctx:save()
    frc = ctx:fetchedResults{ entity = "Entry", sort = { "day", "time" }, sectionKey = "day" }
    frc:performFetch()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    table = ui.TableView:new{ frame = { 0, 0, 320, 480 } }
    table:register("Entry", ui.TableViewCell)
    window:addSubview(table)
  end)

  it("shows the results' sections and objects, the sections' names as header titles", function()
    assert.is_nil(frc:bind(table, { cellForRow = cellForRow }))
    window:layoutIfNeeded()
    assert.are.same({ "a", "b", "c", "d" }, texts())
    assert.are.equal(3, table.numberOfSections)
    assert.are.equal(2, table:numberOfRows(1))
    local screen = window:render("text")
    for _, day in ipairs({ "mon", "tue", "wed" }) do assert.truthy(screen:find(day, 1, true), day) end
  end)

  it("applies inserts, deletes, moves, updates and section changes of one change set as one update", function()
    local told = {}
    frc.delegate = {
      didChangeObject = function(self, results, obj, ip, change) told[#told + 1] = change .. " " .. obj.text end,
      didChangeContent = function(self, results) told[#told + 1] = "rows " .. table:numberOfRows(1) end,
    }
    frc:bind(table, { cellForRow = cellForRow })
    window:layoutIfNeeded()
    local cellOfA = table:cellAt(ui.indexPath(1, 1))
    local objects = frc.fetchedObjects
    ctx:delete(objects[2])             -- b: a delete in mon
    objects[3].day = "thu"             -- c: tue empties, thu is a new section, a move
    objects[4].text = "D"              -- d: an update
    entry("a2", "mon", 0.5)            -- an insert before a
    entry("e", "wed", 5)               -- an insert after d
    ctx:save()
    assert.are.same({}, test.errors())
    assert.are.same({ "a2", "a", "c", "D", "e" }, texts())
    assert.are.equal(3, table.numberOfSections)
    assert.are.same({ 2, 1, 2 }, { table:numberOfRows(1), table:numberOfRows(2), table:numberOfRows(3) })
    assert.are.equal(cellOfA, table:cellAt(ui.indexPath(1, 2)), "the cell of a row that stays is kept")
    assert.truthy(window:render("text"):find("thu", 1, true))
    -- The results' own delegate still hears of each change, after the table has them.
    assert.are.equal("rows 2", told[#told])
    assert.are.equal(6, #told)
  end)

  it("follows unsaved changes at the end of the loop step", function()
    frc:bind(table, { cellForRow = cellForRow })
    window:layoutIfNeeded()
    entry("z", "wed", 9)
    assert.are.same({ "a", "b", "c", "d" }, texts())
    test.advance(0)
    assert.are.same({ "a", "b", "c", "d", "z" }, texts())
  end)

  it("deletes the object of a row through commitDelete, and shows it gone", function()
    local deleted
    frc:bind(table, { cellForRow = cellForRow, commitDelete = function(tv, ip, obj)
      deleted = tostring(ip) .. " " .. obj.text
      ctx:delete(obj)
      ctx:save()
    end })
    table.editing = true
    window:layoutIfNeeded()
    local b = table:cellAt(ui.indexPath(1, 2))
    assert.is_true(b.showsEditingControl)
    window:tap(b:convertPoint({ 8, 20 }, nil))
    assert.is_true(b.showsDeleteButton)
    window:layoutIfNeeded()
    window:tap(b.deleteButton:convertPoint({ 4, 4 }, nil))
    test.advance(1)
    assert.are.equal("ui.indexPath(1, 2) b", deleted)
    assert.are.same({ "a", "c", "d" }, texts())
  end)

  it("lets no row be deleted without commitDelete, and takes header titles from titleForHeader", function()
    frc:bind(table, { cellForRow = cellForRow, titleForHeader = function(tv, section) return "Day " .. section end })
    table.editing = true
    window:layoutIfNeeded()
    for _, cell in ipairs(table.visibleCells) do assert.is_false(cell.showsEditingControl) end
    local screen = window:render("text")
    assert.truthy(screen:find("Day 3", 1, true))
    assert.is_nil(screen:find("mon", 1, true))
  end)

  it("takes sections a function of the object names", function()
    local weekend = ctx:fetchedResults{ entity = "Entry", sort = { "time" },
      sectionKey = function(obj) return obj.time < 3 and "early" or "late" end }
    assert.are.equal("function", type(weekend.sectionKey))
    weekend:performFetch()
    weekend:bind(table, { cellForRow = cellForRow })
    window:layoutIfNeeded()
    assert.are.equal(2, table.numberOfSections)
    assert.are.same({ "early", "late" }, { weekend.sections[1].name, weekend.sections[2].name })
    local a = weekend:objectAt(ui.indexPath(1, 1))
    a.time = 10
    entry("first", "sun", 0)
    ctx:save()
    assert.are.same({}, test.errors())
    assert.are.same({ "first", "b", "c", "d", "a" }, texts())
    assert.are.same({ 2, 3 }, { table:numberOfRows(1), table:numberOfRows(2) })
  end)

  it("refuses a sort that does not keep the sections a function names together", function()
    local mixed = ctx:fetchedResults{ entity = "Entry", sort = { "time" },
      sectionKey = function(obj) return obj.time % 2 == 0 and "even" or "odd" end }
    assert.has_error(function() mixed:performFetch() end,
      "the section 'odd' comes back after the section 'even': the sort must keep the objects of each section together")
  end)

  it("reports an error in a section function, and puts the object in a section named ''", function()
    local failing = ctx:fetchedResults{ entity = "Entry", sort = { "time" },
      sectionKey = function(obj) if obj.text == "d" then error("no day") end return "days" end }
    failing:performFetch()
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("^sectionKey of fetchedResults called at Tests/lua/frc_bind_spec.lua:%d+$", errors[1].context)
    assert.are.same({ "days", "" }, { failing.sections[1].name, failing.sections[2].name })
    assert.are.equal(2, #failing.sections)
  end)

  it("reports an error in cellForRow and shows an empty cell there", function()
    frc:bind(table, { cellForRow = function(tv, ip, obj)
      if obj.text == "b" then error("no b") end
      return cellForRow(tv, ip, obj)
    end })
    window:layoutIfNeeded()
    local errors = test.errors()
    assert.are.equal(1, #errors)
    assert.matches("^cellForRow of frc:bind called at Tests/lua/frc_bind_spec.lua:%d+$", errors[1].context)
    assert.are.same({ "a", "", "c", "d" }, texts())
  end)

  it("stops when the table gets another data source, and refuses options it does not know", function()
    frc:bind(table, { cellForRow = cellForRow })
    window:layoutIfNeeded()
    table.dataSource = { numberOfRows = function() return 0 end }
    entry("x", "mon", 0)
    ctx:save()
    window:layoutIfNeeded()
    assert.are.same({}, texts())
    assert.are.same({}, test.errors())
    assert.has_error(function() frc:bind(table, { cellForRow = cellForRow, cellForItem = cellForRow }) end,
      "bad argument #2 to 'bind' (unknown key 'cellForItem' (valid keys: cellForRow, commitDelete, titleForHeader))")
    assert.has_error(function() frc:bind(table, {}) end,
      "bad argument #2 to 'bind' (function expected, got nil in field 'cellForRow')")
    assert.has_error(function() frc:bind(ui.View:new{}, { cellForRow = cellForRow }) end,
      "bad argument #1 to 'bind' (ui.TableView expected, got ui.View)")
  end)

  it("keeps the results alive while the table shows them", function()
    local results = ctx:fetchedResults{ entity = "Entry", sort = { "day", "time" }, sectionKey = "day" }
    results:performFetch()
    results:bind(table, { cellForRow = cellForRow })
    results = nil
    collectgarbage()
    collectgarbage()
    entry("a0", "mon", 0)
    ctx:save()
    assert.are.same({ "a0", "a", "b", "c", "d" }, texts())
  end)

  it("works the same by hand, between beginUpdates and endUpdates in the results' delegate", function()
    table.dataSource = {
      numberOfSections = function() return frc:numberOfSections() end,
      numberOfRows = function(self, tv, section) return frc:numberOfRows(section) end,
      cellForRow = function(self, tv, ip) return cellForRow(tv, ip, frc:objectAt(ip)) end,
    }
    frc.delegate = {
      willChangeContent = function() table:beginUpdates() end,
      didChangeSection = function(self, results, info, index, change)
        if change == "insert" then table:insertSections{ index } else table:deleteSections{ index } end
      end,
      didChangeObject = function(self, results, obj, ip, change, newIp)
        if change == "insert" then table:insertRows{ newIp }
        elseif change == "delete" then table:deleteRows{ ip }
        elseif change == "update" then table:reloadRows{ ip }
        else
          table:deleteRows{ ip }
          table:insertRows{ newIp }
        end
      end,
      didChangeContent = function() table:endUpdates() end,
    }
    window:layoutIfNeeded()
    local objects = frc.fetchedObjects
    ctx:delete(objects[2])
    objects[3].day = "thu"
    objects[4].text = "D"
    entry("a2", "mon", 0.5)
    ctx:save()
    assert.are.same({}, test.errors())
    assert.are.same({ "a2", "a", "c", "D" }, texts())
    assert.are.equal(3, table.numberOfSections)
  end)
end)
