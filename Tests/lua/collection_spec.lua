-- ui.CollectionView through the ui module: a data source asked only for the items in view,
-- cells and supplementary views of Lua classes reused, selection by tap and by code, updates
-- checked before anything changes, errors in callbacks reported with the view still usable,
-- a controller that feeds its own view, and a million items.

--- The message of the error `f` raises, with its place, which must be this file's.
local function failure(f)
  local ok, message = pcall(f)
  assert.is_false(ok, "an error was expected")
  message = tostring(message)
  assert.matches("^[^:]*collection_spec%.lua:%d+: ", message)
  return message
end

local ip = ui.indexPath

describe("ui.CollectionView", function()
  local window, cv, layout, Card, made, reused

  --- A data source over `items` (a list of section sizes) that records the items it is
  --- asked for; cards say "section.item".
  local function source(items)
    local ds = { items = items, asked = {} }
    function ds:numberOfSections(view) return #self.items end
    function ds:numberOfItems(view, section) return self.items[section] end
    function ds:cellForItem(view, path)
      self.asked[#self.asked + 1] = path.section .. "." .. path.item
      local card = view:dequeue("Card", path)
      card.label.text = path.section .. "." .. path.item
      return card
    end
    return ds
  end

  local function texts()
    local list = {}
    for index, cell in ipairs(cv.visibleCells) do list[index] = cell.label.text end
    return list
  end

  local function tap(point)
    window:layoutIfNeeded()
    window:touch("began", point)
    window:touch("ended", point)
  end

  --- The centre of the item's cell in the window (the view is at the window's origin).
  local function centre(path)
    local frame = cv:layoutAttributesForItem(path).frame
    local offset = cv.contentOffset
    return { x = frame.x + frame.width / 2 - offset.x, y = frame.y + frame.height / 2 - offset.y }
  end

  before_each(function()
    made, reused = 0, 0
    Card = ui.CollectionViewCell:extend("Card")
    function Card:init()
      made = made + 1
      self.serial = made
      self.label = ui.Label:new{ frame = { 0, 0, 100, 16 } }
      self.contentView:addSubview(self.label)
    end
    function Card:prepareForReuse()
      reused = reused + 1
      self.label.text = ""
    end
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    layout = ui.FlowLayout:new{ itemSize = { 100, 60 } }
    cv = ui.CollectionView:new{ frame = { 0, 0, 320, 480 }, layout = layout }
    cv:register("Card", Card)
    window:addSubview(cv)
  end)

  describe("asks its data source", function()
    it("only for the items in view, and for those that come into view as it scrolls", function()
      local ds = source({ 1000 })
      cv.dataSource = ds
      assert.are.equal(ds, cv.dataSource)
      window:layoutIfNeeded()
      -- Three cards of 100 in a row of 320, a row every 70 points: seven rows meet 480.
      local expected = {}
      for item = 1, 21 do expected[item] = "1." .. item end
      assert.are.same(expected, ds.asked)
      assert.are.same(expected, texts())
      ds.asked = {}
      cv.contentOffset = { 0, 70 }
      assert.are.same({ "1.22", "1.23", "1.24" }, ds.asked)
      assert.are.equal(ip(1, 4), cv.indexPathsForVisibleItems[1])
      assert.are.equal(1000, cv:numberOfItems(1))
      assert.are.equal(0, cv:numberOfItems(2))
      assert.are.equal(1, cv.numberOfSections)
      assert.are.same({ width = 320, height = 334 * 70 - 10 }, cv.contentSize)
    end)

    it("for cells made by the registered class once each, and reused: the objects that scrolled out come back", function()
      cv.dataSource = source({ 1000 })
      window:layoutIfNeeded()
      local first = {}
      for _, cell in ipairs(cv.visibleCells) do first[cell] = true end
      assert.are.equal(21, made)
      local cell = cv:cellAt(ip(1, 2))
      assert.are.equal("Card", cell.__name)
      assert.are.equal("Card", cell.reuseIdentifier)
      assert.are.equal(ip(1, 2), cell.layoutAttributes.indexPath)
      assert.are.same({ x = 110, y = 0, width = 100, height = 60 }, cell.frame)
      for step = 1, 20 do cv.contentOffset = { 0, step * 490 } end
      cv.contentOffset = { 0, 0 }
      assert.are.equal(21, made, "no cell is made while scrolling")
      assert.is_true(reused >= 20 * 21, "reused " .. reused)
      local again = 0
      for _, shown in ipairs(cv.visibleCells) do
        if first[shown] then again = again + 1 end
      end
      assert.are.equal(21, again)
      assert.are.same({ "1.1", "1.2", "1.3" }, { texts()[1], texts()[2], texts()[3] })
    end)

    it("for nothing more when the view is laid out again without a change", function()
      local ds = source({ 50 })
      cv.dataSource = ds
      window:layoutIfNeeded()
      ds.asked = {}
      cv:setNeedsLayout()
      window:layoutIfNeeded()
      window:render("text")
      assert.are.same({}, ds.asked)
    end)
  end)

  describe("selects", function()
    local told

    before_each(function()
      told = {}
      cv.dataSource = source({ 30 })
      cv.delegate = {
        didSelectItem = function(self, view, path) told[#told + 1] = "select " .. tostring(path) end,
        didDeselectItem = function(self, view, path) told[#told + 1] = "deselect " .. tostring(path) end,
        shouldSelectItem = function(self, view, path) return path.item ~= 3 end,
      }
      window:layoutIfNeeded()
    end)

    it("one item at a time by tap, telling the delegate; by code without telling it", function()
      tap(centre(ip(1, 1)))
      assert.are.same({ "select ui.indexPath(1, 1)" }, told)
      assert.is_true(cv:cellAt(ip(1, 1)).selected)
      tap(centre(ip(1, 2)))
      assert.are.same({ "select ui.indexPath(1, 1)", "deselect ui.indexPath(1, 1)", "select ui.indexPath(1, 2)" }, told)
      assert.is_false(cv:cellAt(ip(1, 1)).selected)
      assert.are.same({ ip(1, 2) }, cv.indexPathsForSelectedItems)
      -- The delegate refuses item 3.
      tap(centre(ip(1, 3)))
      assert.are.same({ ip(1, 2) }, cv.indexPathsForSelectedItems)
      told = {}
      cv:selectItem(ip(1, 5))
      assert.are.same({ ip(1, 5) }, cv.indexPathsForSelectedItems)
      assert.is_true(cv:cellAt(ip(1, 5)).selected)
      assert.is_false(cv:cellAt(ip(1, 2)).selected)
      cv:deselectItem(ip(1, 5))
      assert.are.same({}, cv.indexPathsForSelectedItems)
      assert.are.same({}, told)
      assert.matches("attempt to select an invalid index path: item 31 of section 1", failure(function() cv:selectItem(ip(1, 31)) end))
    end)

    it("several items with multiple selection, a second tap deselecting", function()
      cv.allowsMultipleSelection = true
      tap(centre(ip(1, 1)))
      tap(centre(ip(1, 4)))
      assert.are.same({ ip(1, 1), ip(1, 4) }, cv.indexPathsForSelectedItems)
      tap(centre(ip(1, 1)))
      assert.are.same({ ip(1, 4) }, cv.indexPathsForSelectedItems)
      assert.are.same({ "select ui.indexPath(1, 1)", "select ui.indexPath(1, 4)", "deselect ui.indexPath(1, 1)" }, told)
      cv:selectItem(ip(1, 6))
      assert.are.same({ ip(1, 4), ip(1, 6) }, cv.indexPathsForSelectedItems)
    end)

    it("nothing when selection is off; a finger down highlights the cell it is on", function()
      window:touch("began", centre(ip(1, 2)))
      assert.is_true(cv:cellAt(ip(1, 2)).highlighted)
      window:touch("ended", centre(ip(1, 2)))
      assert.is_false(cv:cellAt(ip(1, 2)).highlighted)
      cv.allowsSelection = false
      tap(centre(ip(1, 4)))
      assert.are.same({ ip(1, 2) }, cv.indexPathsForSelectedItems)
    end)
  end)

  describe("shows supplementary views", function()
    local Title, titles

    before_each(function()
      titles = 0
      Title = ui.CollectionReusableView:extend("Title")
      function Title:init()
        titles = titles + 1
        self.label = ui.Label:new{ frame = { 0, 0, 320, 16 } }
        self:addSubview(self.label)
      end
      layout.headerSize = { 0, 40 }
      layout.footerSize = { 0, 30 }
      cv:registerSupplementary("header", "Title", Title)
      cv:registerSupplementary("footer", "Count", ui.CollectionReusableView)
      local ds = source({})
      for section = 1, 40 do ds.items[section] = 6 end
      function ds:viewForSupplementary(view, kind, path)
        if kind == "header" then
          local title = view:dequeueSupplementary("header", "Title", path)
          title.label.text = "Section " .. path.section
          return title
        end
        return view:dequeueSupplementary("footer", "Count", path)
      end
      cv.dataSource = ds
      window:layoutIfNeeded()
    end)

    it("placed by the flow layout, of each kind from its own queue", function()
      -- A section: header 40, two rows of 60 with 10 between, footer 30: 200 points.
      local header = cv:supplementaryAt("header", ip(2, 1))
      assert.are.equal("Section 2", header.label.text)
      assert.are.same({ x = 0, y = 200, width = 320, height = 40 }, header.frame)
      assert.are.equal("header", header.layoutAttributes.kind)
      assert.are.equal("supplementary", header.layoutAttributes.category)
      local footer = cv:supplementaryAt("footer", ip(1, 1))
      assert.are.same({ x = 0, y = 170, width = 320, height = 30 }, footer.frame)
      assert.are.equal("Count", footer.reuseIdentifier)
      assert.is_nil(footer.label)
      assert.are.same({ x = 0, y = 40, width = 100, height = 60 }, cv:cellAt(ip(1, 1)).frame)
      assert.are.equal(3, titles)
    end)

    it("reused as the sections scroll by, headers as headers and footers as footers", function()
      local first = {}
      for section = 1, 3 do first[cv:supplementaryAt("header", ip(section, 1))] = true end
      for step = 1, 30 do
        cv.contentOffset = { 0, step * 200 }
        local top = math.floor(step * 200 / 200) + 1
        assert.are.equal("Section " .. top, cv:supplementaryAt("header", ip(top, 1)).label.text)
        assert.is_nil(cv:supplementaryAt("footer", ip(top, 1)).label)
      end
      cv.contentOffset = { 0, 0 }
      assert.is_true(titles <= 4, "made " .. titles .. " headers")
      local again = cv:supplementaryAt("header", ip(1, 1))
      assert.are.equal("Section 1", again.label.text)
      assert.is_nil(cv:supplementaryAt("header", ip(20, 1)))
      local kept = 0
      for section = 1, 3 do
        if first[cv:supplementaryAt("header", ip(section, 1))] then kept = kept + 1 end
      end
      assert.is_true(kept >= 2, "the header objects come back")
    end)
  end)

  describe("updates", function()
    local ds

    before_each(function()
      ds = source({ 10 })
      cv.dataSource = ds
      window:layoutIfNeeded()
    end)

    it("that add up, moving the cells and the selection with their items", function()
      cv:selectItem(ip(1, 3))
      local third = cv:cellAt(ip(1, 3))
      ds.items[1] = 12
      cv:insertItems{ ip(1, 1), ip(1, 2) }
      window:layoutIfNeeded()
      assert.are.equal(12, cv:numberOfItems(1))
      assert.are.same({ ip(1, 5) }, cv.indexPathsForSelectedItems)
      assert.are.equal(third, cv:cellAt(ip(1, 5)))
      cv:performBatchUpdates(function()
        ds.items[1] = 11
        cv:deleteItems{ ip(1, 12) }
        cv:moveItem(ip(1, 1), ip(1, 2))
      end)
      assert.are.equal(11, cv:numberOfItems(1))
    end)

    it("refused before anything changes when the counts do not add up, with UIKit's message at the call", function()
      local shown = cv.visibleCells
      ds.items[1] = 12
      local message = failure(function() cv:insertItems{ ip(1, 11) } end)
      assert.matches("invalid number of items in section 1%. The number of items contained in an existing section after the update "
        .. "%(12%) must be equal to the number of items contained in that section before the update %(10%), plus or minus "
        .. "the number of items inserted or deleted from that section %(1 inserted, 0 deleted%)", message)
      assert.are.equal(10, cv:numberOfItems(1))
      assert.are.same(shown, cv.visibleCells)
      message = failure(function()
        cv:performBatchUpdates(function()
          cv:insertItems{ ip(1, 11) }
          cv:deleteItems{ ip(1, 1) }
        end)
      end)
      assert.matches("%(1 inserted, 1 deleted%)", message)
      assert.matches("attempt to delete item 11 of section 1, but there are only 10 items in section 1 before the update",
        failure(function() cv:deleteItems{ ip(1, 11) } end))
      assert.matches("attempt to insert section 3, but there are only 1 sections after the update",
        failure(function() cv:insertSections{ 3 } end))
      assert.matches("list of index paths expected", failure(function() cv:insertItems(ip(1, 1)) end))
      assert.are.equal(10, cv:numberOfItems(1))
      -- The view goes on: an update that adds up now takes both changes.
      cv:insertItems{ ip(1, 11), ip(1, 12) }
      assert.are.equal(12, cv:numberOfItems(1))
    end)

    it("asked for inside a batch that raises: the error goes on and the view reloads", function()
      ds.items[1] = 11
      local ok, message = pcall(cv.performBatchUpdates, cv, function()
        cv:insertItems{ ip(1, 11) }
        error("half way")
      end)
      assert.is_false(ok)
      assert.matches("half way", message)
      assert.are.equal(11, cv:numberOfItems(1))
    end)

    it("reloading items asks for their cells again", function()
      ds.asked = {}
      cv:reloadItems{ ip(1, 2) }
      window:layoutIfNeeded()
      assert.are.same({ "1.2" }, ds.asked)
    end)
  end)

  describe("with callbacks that fail", function()
    it("reports each with its name and traceback; the item shows an empty cell and the view goes on", function()
      local ds = source({ 30 })
      local cellForItem = ds.cellForItem
      function ds:cellForItem(view, path)
        if path.item == 3 then error("no card for three") end
        if path.item == 4 then return view:dequeue("Nope", path) end
        if path.item == 5 then return 42 end
        return cellForItem(self, view, path)
      end
      cv.dataSource = ds
      window:layoutIfNeeded()
      local errors = test.errors()
      assert.are.equal(3, #errors)
      assert.matches("^cellForItem of collection data source set at [^:]*collection_spec%.lua:%d+$", errors[1].context)
      assert.matches("no card for three", errors[1].message)
      assert.matches("collection_spec%.lua", errors[1].traceback)
      assert.matches("could not dequeue a view of kind: UICollectionElementKindCell with identifier Nope %- must register "
        .. "a nib or a class for the identifier", errors[2].message)
      assert.are.equal("bad result from 'cellForItem' (ui.CollectionViewCell expected, got number)", errors[3].message)
      -- Empty cells stand in; the others are cards.
      assert.is_nil(cv:cellAt(ip(1, 3)).serial)
      assert.is_nil(cv:cellAt(ip(1, 5)).serial)
      assert.is_truthy(cv:cellAt(ip(1, 6)).serial)
      cv.contentOffset = { 0, 700 }
      assert.are.equal(210, cv.contentOffset.y)
      assert.are.equal("1.30", texts()[#texts()])
      assert.are.same({}, test.errors())
      cv:selectItem(ip(1, 30))
      assert.are.same({ ip(1, 30) }, cv.indexPathsForSelectedItems)
    end)

    it("counts a failing or wrong count as no items, and a wrong size as the layout's own", function()
      cv.dataSource = {
        numberOfSections = function() return 3 end,
        numberOfItems = function(self, view, section)
          if section == 1 then error("cannot count") end
          if section == 2 then return -4 end
          return 5
        end,
        cellForItem = function(self, view, path) return view:dequeue("Card", path) end,
      }
      cv.delegate = { sizeForItem = function(self, view, lay, path) return path.item == 1 and "big" or { 50, 50 } end }
      layout.headerSize = { 0, 20 }
      cv:registerSupplementary("header", "Plain", ui.CollectionReusableView)
      cv.dataSource.viewForSupplementary = function(self, view, kind, path)
        if path.section == 3 then error("no header") end
        return view:dequeueSupplementary(kind, "Plain", path)
      end
      window:layoutIfNeeded()
      assert.are.equal(0, cv:numberOfItems(1))
      assert.are.equal(0, cv:numberOfItems(2))
      assert.are.equal(5, cv:numberOfItems(3))
      -- Sections 1 and 2 are empty: three headers of 20 stand before section 3's first item.
      assert.are.same({ x = 0, y = 60, width = 100, height = 60 }, cv:cellAt(ip(3, 1)).frame)
      assert.is_truthy(cv:supplementaryAt("header", ip(3, 1)))
      assert.are.equal(50, cv:cellAt(ip(3, 2)).frame.width)
      local messages = {}
      for _, e in ipairs(test.errors()) do messages[#messages + 1] = e.message end
      assert.matches("cannot count", messages[1])
      assert.are.equal("the data source counted -4 items in section 2; the collection view counts 0", messages[2])
      assert.are.equal("bad result from 'sizeForItem' (size expected, got string)", messages[3])
      assert.matches("no header", messages[4])
    end)

    it("raises the error of a cell class's init at the dequeue that made it", function()
      local Broken = ui.CollectionViewCell:extend("Broken")
      function Broken:init() error("no paint") end
      cv:register("Broken", Broken)
      cv.dataSource = {
        numberOfItems = function() return 2 end,
        cellForItem = function(self, view, path) return view:dequeue("Broken", path) end,
      }
      window:layoutIfNeeded()
      local errors = test.errors()
      assert.are.equal(2, #errors)
      assert.matches("^cellForItem of collection data source", errors[1].context)
      assert.matches("no paint", errors[1].message)
      assert.are.equal(2, #cv.visibleCells)
    end)
  end)

  it("refuses what cannot be registered or dequeued, naming it", function()
    assert.matches("bad argument #2 to 'register' %(ui.CollectionViewCell class expected, got number%)",
      failure(function() cv:register("X", 42) end))
    assert.matches("bad argument #2 to 'register' %(Title does not extend ui.CollectionViewCell%)",
      failure(function() cv:register("X", ui.CollectionReusableView:extend("Title")) end))
    assert.matches("could not dequeue a view of kind: header with identifier Nope",
      failure(function() cv:dequeueSupplementary("header", "Nope", ip(1, 1)) end))
    assert.matches("section of at least 1 expected, got 0", failure(function() cv:dequeue("Card", { section = 0, item = 1 }) end))
    assert.matches("the layout lays out another collection view already",
      failure(function() ui.CollectionView:new{ layout = layout } end))
    assert.matches("bad argument #1 to 'new' %(ui.Layout expected, got number in field 'layout'%)",
      failure(function() ui.CollectionView:new{ layout = 3 } end))
    assert.matches("bad value for property 'dataSource' of ui.CollectionView %(field 'cellForItem' is a number, not a function%)",
      failure(function() cv.dataSource = { cellForItem = 42 } end))
    assert.matches("bad value for property 'delegate' of ui.CollectionView %(table or object expected, got the class Card; call Card:new%(%)%)",
      failure(function() cv.delegate = Card end))
  end)

  it("takes a new layout and lays out again by it", function()
    cv.dataSource = source({ 30 })
    window:layoutIfNeeded()
    local wide = ui.FlowLayout:new{ itemSize = { 320, 40 }, minimumLineSpacing = 0 }
    cv.layout = wide
    window:layoutIfNeeded()
    assert.are.equal(wide, cv.layout)
    assert.are.equal(cv, wide.collectionView)
    assert.is_nil(layout.collectionView)
    assert.are.same({ x = 0, y = 40, width = 320, height = 40 }, cv:cellAt(ip(1, 2)).frame)
    assert.are.equal(12, #cv.visibleCells)
  end)

  it("shows a million items as a hundred: only the cells in view, scrolled to the end", function()
    cv.dataSource = {
      numberOfItems = function() return 1000000 end,
      cellForItem = function(self, view, path)
        local card = view:dequeue("Card", path)
        card.label.text = tostring(path.item)
        return card
      end,
    }
    window:layoutIfNeeded()
    local rows = 333334
    assert.are.same({ width = 320, height = rows * 70 - 10 }, cv.contentSize)
    cv:scrollTo(ip(1, 1000000))
    window:layoutIfNeeded()
    assert.are.equal(rows * 70 - 10 - 480, cv.contentOffset.y)
    local last = cv:cellAt(ip(1, 1000000))
    assert.are.equal("1000000", last.label.text)
    -- Alone in its row, the last item is centred.
    assert.are.same({ x = 110, y = (rows - 1) * 70, width = 100, height = 60 }, last.frame)
    assert.is_true(#cv.visibleCells <= 24)
    assert.is_true(made <= 24, "made " .. made)
    for step = 1, 50 do cv.contentOffset = { 0, step * 30000 } end
    assert.is_true(made <= 24, "made " .. made)
    assert.matches("attempt to scroll to an invalid index path: item 1000001 of section 1",
      failure(function() cv:scrollTo(ip(1, 1000001)) end))
    -- A rect scrolls as any scroll view's does: up to it from far below.
    assert.are.equal(1500000, cv.contentOffset.y)
    cv:scrollTo({ x = 0, y = 700, width = 10, height = 10 })
    assert.are.equal(700, cv.contentOffset.y)
  end)

  describe("ui.CollectionViewController", function()
    it("is its view's data source and delegate, its Lua methods answering", function()
      local Videos = ui.CollectionViewController:extend("Videos")
      local selected = {}
      function Videos:viewDidLoad() self.collectionView:register("Card", Card) end
      function Videos:numberOfItems(view, section) return 8 end
      function Videos:cellForItem(view, path)
        if path.item == 8 then error("no video") end
        local card = view:dequeue("Card", path)
        card.label.text = "video " .. path.item
        return card
      end
      function Videos:sizeForItem(view, lay, path) return { 150, 40 } end
      function Videos:didSelectItem(view, path) selected[#selected + 1] = path.item end
      local videos = Videos:new{ layout = ui.FlowLayout:new{ minimumInteritemSpacing = 0 } }
      cv:removeFromSuperview()
      window.rootViewController = videos
      window:layoutIfNeeded()
      local view = videos.collectionView
      assert.are.equal(view, videos.view)
      assert.are.equal(videos, view.dataSource)
      assert.are.equal(videos, view.delegate)
      assert.are.equal(8, #view.visibleCells)
      assert.are.same({ x = 0, y = 0, width = 150, height = 40 }, view:cellAt(ip(1, 1)).frame)
      local errors = test.errors()
      assert.are.equal(1, #errors)
      assert.are.equal("cellForItem of Videos", errors[1].context)
      local frame = view:cellAt(ip(1, 3)).frame
      tap({ x = frame.x + 10, y = frame.y + 10 })
      assert.are.same({ 3 }, selected)
      assert.is_true(videos.clearsSelectionOnViewWillAppear)
      videos:viewWillAppear(false)
      assert.are.same({}, view.indexPathsForSelectedItems)
    end)
  end)
end)
