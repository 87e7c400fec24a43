-- ui.FlowLayout through the ui module: frames in both scroll directions against values
-- worked out by hand, sizes from the delegate's sizeForItem, and hostile settings.

local ip = ui.indexPath

describe("ui.FlowLayout", function()
  local window, cv, layout

  --- A collection view of `items` (a list of section sizes) with plain cells.
  local function show(items, delegate)
    cv.dataSource = {
      numberOfSections = function() return #items end,
      numberOfItems = function(self, view, section) return items[section] end,
      cellForItem = function(self, view, path) return view:dequeue("Cell", path) end,
      viewForSupplementary = function(self, view, kind, path) return view:dequeueSupplementary(kind, "View", path) end,
    }
    cv.delegate = delegate
    window:layoutIfNeeded()
  end

  local function frame(path) return cv:layoutAttributesForItem(path).frame end

  local function rect(x, y, width, height) return { x = x, y = y, width = width, height = height } end

  before_each(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    layout = ui.FlowLayout:new()
    cv = ui.CollectionView:new{ frame = { 0, 0, 320, 480 }, layout = layout }
    cv:register("Cell", ui.CollectionViewCell)
    cv:registerSupplementary("header", "View", ui.CollectionReusableView)
    cv:registerSupplementary("footer", "View", ui.CollectionReusableView)
    window:addSubview(cv)
  end)

  it("has UIKit's defaults, and reads back what it is given", function()
    assert.are.same({ width = 50, height = 50 }, layout.itemSize)
    assert.are.equal(10, layout.minimumInteritemSpacing)
    assert.are.equal(10, layout.minimumLineSpacing)
    assert.are.same({ top = 0, left = 0, bottom = 0, right = 0 }, layout.sectionInset)
    assert.are.same({ width = 0, height = 0 }, layout.headerSize)
    assert.are.equal("vertical", layout.scrollDirection)
    local other = ui.FlowLayout:new{ itemSize = { 90, 50 }, sectionInset = { 5, 10, 15, 10 }, scrollDirection = "horizontal" }
    assert.are.same({ width = 90, height = 50 }, other.itemSize)
    assert.are.same({ top = 5, left = 10, bottom = 15, right = 10 }, other.sectionInset)
    assert.are.equal("horizontal", other.scrollDirection)
  end)

  it("fills rows left to right and stacks them down, sharing the space left over", function()
    layout.itemSize = { 90, 50 }
    layout.minimumLineSpacing = 20
    layout.sectionInset = { top = 5, left = 10, bottom = 15, right = 10 }
    layout.headerSize = { 0, 30 }
    layout.footerSize = { 0, 25 }
    show({ 7, 8 })
    -- A row of 300 between the insets takes three items of 90: 30 left over makes gaps of 15.
    assert.are.same(rect(10, 35, 90, 50), frame(ip(1, 1)))
    assert.are.same(rect(115, 35, 90, 50), frame(ip(1, 2)))
    assert.are.same(rect(220, 35, 90, 50), frame(ip(1, 3)))
    assert.are.same(rect(10, 105, 90, 50), frame(ip(1, 4)))
    -- Alone in its row, the seventh is centred.
    assert.are.same(rect(115, 175, 90, 50), frame(ip(1, 7)))
    -- Header 30, inset 5, three rows (50 + 20 + 50 + 20 + 50), inset 15, footer 25: 265.
    assert.are.same(rect(0, 0, 320, 30), cv:supplementaryAt("header", ip(1, 1)).frame)
    assert.are.same(rect(0, 240, 320, 25), cv:supplementaryAt("footer", ip(1, 1)).frame)
    assert.are.same(rect(0, 265, 320, 30), cv:supplementaryAt("header", ip(2, 1)).frame)
    assert.are.same(rect(10, 300, 90, 50), frame(ip(2, 1)))
    -- Two in the last row: the 120 left over is the one gap.
    assert.are.same(rect(10, 440, 90, 50), frame(ip(2, 7)))
    assert.are.same(rect(220, 440, 90, 50), frame(ip(2, 8)))
    assert.are.same({ width = 320, height = 530 }, cv.contentSize)
    cv.contentOffset = { 0, 50 }
    assert.are.same(rect(0, 505, 320, 25), cv:supplementaryAt("footer", ip(2, 1)).frame)
  end)

  it("fills columns top to bottom and places them left to right when scrolling horizontally", function()
    layout.scrollDirection = "horizontal"
    layout.itemSize = { 60, 100 }
    layout.minimumLineSpacing = 20
    layout.sectionInset = { top = 10, left = 5, bottom = 10, right = 15 }
    layout.headerSize = { 40, 0 }
    layout.footerSize = { 30, 0 }
    show({ 6, 3 })
    -- A column of 460 between the insets takes four items of 100: gaps of 20.
    assert.are.same(rect(45, 10, 60, 100), frame(ip(1, 1)))
    assert.are.same(rect(45, 130, 60, 100), frame(ip(1, 2)))
    assert.are.same(rect(45, 370, 60, 100), frame(ip(1, 4)))
    -- The second column has two: the one gap is 260.
    assert.are.same(rect(125, 10, 60, 100), frame(ip(1, 5)))
    assert.are.same(rect(125, 370, 60, 100), frame(ip(1, 6)))
    assert.are.same(rect(0, 0, 40, 480), cv:supplementaryAt("header", ip(1, 1)).frame)
    -- Header 40, inset 5, two columns (60 + 20 + 60), inset 15, footer 30: 230.
    assert.are.same(rect(200, 0, 30, 480), cv:supplementaryAt("footer", ip(1, 1)).frame)
    assert.are.same(rect(275, 10, 60, 100), frame(ip(2, 1)))
    -- Three in the last column: the 160 left over makes gaps of 80.
    assert.are.same(rect(275, 190, 60, 100), frame(ip(2, 2)))
    assert.are.same(rect(275, 370, 60, 100), frame(ip(2, 3)))
    assert.are.same({ width = 230 + 40 + 5 + 60 + 15 + 30, height = 480 }, cv.contentSize)
  end)

  it("takes each item's size from the delegate's sizeForItem, once per layout", function()
    local sizes = { { 100, 30 }, { 100, 40 }, { 100, 50 }, { 150, 20 }, { 150, 60 }, { 200, 30 }, { 50, 20 }, { 50, 40 } }
    local asked = 0
    show({ 8 }, {
      sizeForItem = function(self, view, given, path)
        asked = asked + 1
        assert.are.equal(layout, given)
        return sizes[path.item]
      end,
    })
    assert.are.equal(8, asked)
    -- 100 + 10 + 100 + 10 + 100 fill the row; smaller items are centred in its depth of 50.
    assert.are.same(rect(0, 10, 100, 30), frame(ip(1, 1)))
    assert.are.same(rect(110, 5, 100, 40), frame(ip(1, 2)))
    assert.are.same(rect(220, 0, 100, 50), frame(ip(1, 3)))
    -- Two of 150: the 10 left over widens the gap to 20.
    assert.are.same(rect(0, 80, 150, 20), frame(ip(1, 4)))
    assert.are.same(rect(170, 60, 150, 60), frame(ip(1, 5)))
    -- The section's last row keeps the minimum spacing from the left.
    assert.are.same(rect(0, 135, 200, 30), frame(ip(1, 6)))
    assert.are.same(rect(210, 140, 50, 20), frame(ip(1, 7)))
    assert.are.same(rect(270, 130, 50, 40), frame(ip(1, 8)))
    assert.are.same({ width = 320, height = 170 }, cv.contentSize)
    cv.contentOffset = { 0, 50 }
    cv:selectItem(ip(1, 2))
    window:layoutIfNeeded()
    assert.are.equal(8, asked, "scrolling and selecting ask no sizes")
    cv:reloadData()
    window:layoutIfNeeded()
    assert.are.equal(16, asked)
  end)

  it("asks no sizes of a delegate without sizeForItem, and uses its own for nil", function()
    local told = 0
    show({ 4 }, { didSelectItem = function() told = told + 1 end })
    assert.are.same(rect(0, 0, 50, 50), frame(ip(1, 1)))
    cv.delegate = { sizeForItem = function(self, view, given, path) if path.item == 2 then return { 80, 20 } end end }
    window:layoutIfNeeded()
    assert.are.same(rect(0, 0, 50, 50), frame(ip(1, 1)))
    assert.are.same(rect(60, 15, 80, 20), frame(ip(1, 2)))
  end)

  it("clamps hostile lengths and refuses what is not finite", function()
    layout.minimumInteritemSpacing = -5
    assert.are.equal(0, layout.minimumInteritemSpacing)
    layout.itemSize = { 1e300, 1e300 }
    assert.are.same({ width = 1e9, height = 1e9 }, layout.itemSize)
    assert.has_error(function() layout.minimumLineSpacing = 0 / 0 end)
    assert.has_error(function() layout.itemSize = { 1 / 0, 5 } end)
    assert.has_error(function() layout.sectionInset = { top = 1 } end)
    assert.has_error(function() layout.scrollDirection = "diagonal" end,
      "bad value for property 'scrollDirection' of ui.FlowLayout (invalid option 'diagonal' (expected vertical or horizontal))")
    show({ 3 })
    assert.are.same(rect(0, 0, 1e9, 1e9), frame(ip(1, 1)))
    assert.are.equal(1, #cv.visibleCells)
  end)

  it("can be extended: an override changes the flow layout's answers through super", function()
    local Faded = ui.FlowLayout:extend("Faded")
    function Faded:attributesInRect(rect)
      local list = Faded.super.attributesInRect(self, rect)
      for _, attributes in ipairs(list) do attributes.alpha = 0.5 end
      return list
    end
    cv.layout = Faded:new{ itemSize = { 100, 100 } }
    show({ 5 })
    assert.are.equal(0.5, cv:cellAt(ip(1, 1)).alpha)
    assert.are.same(rect(110, 0, 100, 100), cv:cellAt(ip(1, 2)).frame)
    assert.are.equal(1, cv:layoutAttributesForItem(ip(1, 1)).alpha)
  end)

  it("takes an override's nil as its answer, not as a call for the flow layout's", function()
    local Sparse = ui.FlowLayout:extend("Sparse")
    function Sparse:attributesForItem(path)
      if path.item == 2 then return nil end
      return Sparse.super.attributesForItem(self, path)
    end
    cv.layout = Sparse:new{ itemSize = { 100, 100 } }
    show({ 3 })
    assert.is_nil(cv:layoutAttributesForItem(ip(1, 2)))
    assert.are.same(rect(0, 0, 100, 100), cv:layoutAttributesForItem(ip(1, 1)).frame)
  end)
end)
