-- A layout written in Lua: a stack of cards on a diagonal, each behind the one before (the
-- zIndex order shows in the text render), a header, a footer and a decoration view, the
-- selected card lifted on top after a tap; every answer checked, and layout attributes.

local ip = ui.indexPath

--- The message of the error `f` raises, with its place, which must be this file's.
local function failure(f)
  local ok, message = pcall(f)
  assert.is_false(ok, "an error was expected")
  message = tostring(message)
  assert.matches("^[^:]*custom_layout_spec%.lua:%d+: ", message)
  return message
end

--- A stack layout as UIKit's sample writes one: everything placed in `prepare`, the
--- elements that meet a rect filtered from that, the selected card in front.
local StackLayout = ui.Layout:extend("StackLayout")
StackLayout.header, StackLayout.footer = 40, 40
StackLayout.card = { width = 200, height = 100 }
StackLayout.step = { x = 16, y = 32 }

function StackLayout:init()
  self.prepared = 0
end

function StackLayout:prepare()
  self.prepared = self.prepared + 1
  local view = self.collectionView
  local list = {}
  local count = view:numberOfItems(1)
  list[#list + 1] = self:attributesForSupplementary("header", ip(1, 1))
  for item = 1, count do list[#list + 1] = self:attributesForItem(ip(1, item)) end
  list[#list + 1] = self:attributesForSupplementary("footer", ip(1, 1))
  list[#list + 1] = self:attributesForDecoration("logo", ip(1, 1))
  self.all = list
end

--- The height of the stack of the view's cards, with its header and footer.
local function height(layout)
  local count = layout.collectionView:numberOfItems(1)
  return layout.header + layout.step.y * math.max(count - 1, 0) + layout.card.height + layout.footer
end

function StackLayout:contentSize()
  return { width = 320, height = height(self) }
end

local function meets(a, b)
  return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height
end

function StackLayout:attributesInRect(rect)
  local found = {}
  for _, attributes in ipairs(self.all or {}) do
    if meets(attributes.frame, rect) then found[#found + 1] = attributes end
  end
  return found
end

function StackLayout:attributesForItem(path)
  local selected = false
  for _, chosen in ipairs(self.collectionView.indexPathsForSelectedItems) do
    if chosen == path then selected = true end
  end
  local index = path.item - 1
  return ui.attributes{
    indexPath = path,
    frame = { self.step.x * index, self.header + self.step.y * index, self.card.width, self.card.height },
    zIndex = selected and 0 or -path.item,
  }
end

function StackLayout:attributesForSupplementary(kind, path)
  local y = kind == "header" and 0 or height(self) - self.footer
  return ui.attributes{ indexPath = path, kind = kind, frame = { 0, y, 320, self.footer } }
end

function StackLayout:attributesForDecoration(kind, path)
  return ui.attributes{ indexPath = path, decoration = kind, center = { 280, 64 }, size = { 80, 32 }, zIndex = 1 }
end

describe("a layout written in Lua", function()
  local window, cv, layout, Card, Label, Logo, told

  local function label(text, frame)
    return ui.Label:new{ frame = frame or { 8, 16, 120, 16 }, text = text }
  end

  --- The text render's lines.
  local function screen()
    local lines = {}
    for line in (window:render("text") .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
    return table.concat(lines, "\n")
  end

  --- The items of the cells in drawing order, back to front.
  local function order()
    local items = {}
    for _, view in ipairs(cv.subviews) do
      local attributes = view.layoutAttributes
      if attributes and attributes.category == "cell" then items[#items + 1] = attributes.indexPath.item end
    end
    return items
  end

  local function tap(point)
    window:layoutIfNeeded()
    window:touch("began", point)
    window:touch("ended", point)
  end

  before_each(function()
    told = {}
    Card = ui.CollectionViewCell:extend("Card")
    function Card:init()
      self.backgroundColor = "white"
      self.borderWidth = 1
      self.label = label("")
      self.contentView:addSubview(self.label)
    end
    Label = ui.CollectionReusableView:extend("Label")
    function Label:init() self.label = label("", { 0, 0, 320, 16 }); self:addSubview(self.label) end
    Logo = ui.CollectionReusableView:extend("Logo")
    function Logo:init() self:addSubview(label("LOGO", { 8, 8, 64, 16 })) end
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    layout = StackLayout:new()
    layout:registerDecoration("logo", Logo)
    cv = ui.CollectionView:new{ frame = { 0, 0, 320, 480 }, layout = layout }
    cv:register("Card", Card)
    cv:registerSupplementary("header", "Label", Label)
    cv:registerSupplementary("footer", "Label", Label)
    cv.dataSource = {
      count = 5,
      numberOfItems = function(self) return self.count end,
      cellForItem = function(self, view, path)
        local card = view:dequeue("Card", path)
        card.label.text = "Card " .. path.item
        return card
      end,
      viewForSupplementary = function(self, view, kind, path)
        local title = view:dequeueSupplementary(kind, "Label", path)
        title.label.text = kind == "header" and "Videos" or "5 videos"
        return title
      end,
    }
    cv.delegate = {
      -- As UIKit's stack layout does: the selected card is placed again, in front.
      didSelectItem = function(self, view, path) told[#told + 1] = "select " .. path.item; view:reloadItems{ path } end,
      didDeselectItem = function(self, view, path) told[#told + 1] = "deselect " .. path.item; view:reloadItems{ path } end,
    }
    window:addSubview(cv)
    window:layoutIfNeeded()
  end)

  it("places the cards on a diagonal, each behind the one before, with header, footer and decoration", function()
    assert.are.equal(cv, layout.collectionView)
    assert.are.same({ x = 16, y = 72, width = 200, height = 100 }, cv:cellAt(ip(1, 2)).frame)
    assert.are.same({ width = 320, height = 40 + 32 * 4 + 100 + 40 }, cv.contentSize)
    assert.are.same({ 5, 4, 3, 2, 1 }, order())
    local text = screen()
    -- Only the front card's title shows; the others are under the card before them.
    assert.truthy(text:find("Card 1", 1, true))
    for item = 2, 5 do assert.falsy(text:find("Card " .. item, 1, true), "card " .. item .. " shows") end
    assert.truthy(text:find("Videos", 1, true))
    assert.truthy(text:find("5 videos", 1, true))
    assert.truthy(text:find("LOGO", 1, true))
    local logo
    for _, view in ipairs(cv.subviews) do
      if view.layoutAttributes and view.layoutAttributes.category == "decoration" then logo = view end
    end
    assert.are.equal("logo", logo.layoutAttributes.kind)
    assert.are.same({ x = 240, y = 48, width = 80, height = 32 }, logo.frame)
    -- Drawn last: the logo's zIndex is 1; the header's and footer's 0 put them over the cards.
    assert.are.equal(logo, cv.subviews[#cv.subviews])
    assert.are.equal(cv:supplementaryAt("header", ip(1, 1)), cv.subviews[#cv.subviews - 1])
    assert.are.equal(1, layout.prepared)
  end)

  it("lifts the selected card on top after a tap, and lets it back when another is chosen", function()
    -- Card 3 shows between the bottom of card 2 (y = 172) and its own (204).
    tap({ x = 100, y = 200 })
    assert.are.same({ "select 3" }, told)
    window:layoutIfNeeded()
    assert.are.same({ 5, 4, 2, 1, 3 }, order())
    assert.truthy(screen():find("Card 3", 1, true))
    assert.falsy(screen():find("Card 2", 1, true))
    tap({ x = 10, y = 60 })
    assert.are.same({ "select 3", "deselect 3", "select 1" }, told)
    window:layoutIfNeeded()
    assert.are.same({ 5, 4, 3, 2, 1 }, order())
    assert.falsy(screen():find("Card 3", 1, true))
  end)

  it("is invalidated by a change of selection when it asks to be", function()
    cv.delegate = nil
    layout.invalidatesOnSelection = true
    assert.is_true(layout.invalidatesOnSelection)
    local before = layout.prepared
    cv:selectItem(ip(1, 4))
    window:layoutIfNeeded()
    assert.are.equal(before + 1, layout.prepared)
    assert.are.same({ 5, 3, 2, 1, 4 }, order())
    assert.truthy(screen():find("Card 4", 1, true))
  end)

  it("prepares once per invalidation, and shows only what meets the view", function()
    cv.dataSource.count = 200
    cv:reloadData()
    window:layoutIfNeeded()
    local prepared = layout.prepared
    for step = 1, 40 do cv.contentOffset = { 0, step * 100 } end
    assert.are.equal(prepared, layout.prepared)
    assert.is_true(#cv.visibleCells <= 20, #cv.visibleCells .. " cells")
    layout:invalidate()
    window:layoutIfNeeded()
    assert.are.equal(prepared + 1, layout.prepared)
    -- A plain layout answers nothing: no elements.
    cv.layout = ui.Layout:new()
    window:layoutIfNeeded()
    assert.are.equal(0, #cv.visibleCells)
    assert.is_nil(layout.collectionView)
  end)

  it("places supplementary views of a kind of its own, which the data source makes", function()
    local Badged = StackLayout:extend("Badged")
    function Badged:attributesInRect(rect)
      local list = StackLayout.attributesInRect(self, rect)
      list[#list + 1] = self:attributesForSupplementary("badge", ip(1, 2))
      return list
    end
    function Badged:attributesForSupplementary(kind, path)
      if kind ~= "badge" then return StackLayout.attributesForSupplementary(self, kind, path) end
      return ui.attributes{ indexPath = path, kind = kind, frame = { 280, 200, 40, 16 }, zIndex = 2 }
    end
    cv:registerSupplementary("badge", "Label", Label)
    local viewFor = cv.dataSource.viewForSupplementary
    cv.dataSource.viewForSupplementary = function(self, view, kind, path)
      if kind ~= "badge" then return viewFor(self, view, kind, path) end
      local badge = view:dequeueSupplementary(kind, "Label", path)
      badge.label.text = "new"
      return badge
    end
    local badged = Badged:new()
    badged:registerDecoration("logo", Logo)
    cv.layout = badged
    window:layoutIfNeeded()
    local badge = cv:supplementaryAt("badge", ip(1, 2))
    assert.are.equal("badge", badge.layoutAttributes.kind)
    assert.are.same({ x = 280, y = 200, width = 40, height = 16 }, badge.frame)
    assert.truthy(screen():find("new", 1, true))
    assert.are.same({}, test.errors())
  end)

  describe("with answers the view cannot use", function()
    it("reports each with the callback's name, leaves it out, and shows the rest", function()
      local Broken = StackLayout:extend("Broken")
      function Broken:attributesInRect(rect)
        local list = StackLayout.attributesInRect(self, rect)
        list[#list + 1] = ui.attributes{ indexPath = ip(1, 99) }
        list[#list + 1] = "card"
        return list
      end
      function Broken:attributesForItem(path)
        if path.item == 2 then return ui.attributes{ indexPath = ip(1, 3) } end
        return StackLayout.attributesForItem(self, path)
      end
      function Broken:contentSize() return 42 end
      local broken = Broken:new()
      broken:registerDecoration("logo", Logo)
      cv.layout = broken
      window:layoutIfNeeded()
      assert.is_nil(cv:layoutAttributesForItem(ip(1, 2)))
      local messages = {}
      for _, e in ipairs(test.errors()) do messages[#messages + 1] = e.context .. ": " .. e.message end
      local text = table.concat(messages, "\n")
      assert.matches("contentSize of Broken: bad result from 'contentSize' %(size expected, got number%)", text)
      assert.matches("attributesInRect of Broken: bad result from 'attributesInRect' %(attributes for item 99 of section 1, "
        .. "which does not exist at index 8%)", text)
      assert.matches("attributesForItem of Broken: bad result from 'attributesForItem' %(attributes for item 2 of section 1 "
        .. "expected, got attributes for item 3 of section 1%)", text)
      -- The rest is shown (card 2's empty attributes, made in prepare, meet no rect).
      assert.are.equal(4, #cv.visibleCells)
      assert.is_nil(cv:cellAt(ip(1, 2)))
      assert.are.same({ width = 0, height = 0 }, cv.contentSize)
      cv:selectItem(ip(1, 5))
      assert.are.same({ ip(1, 5) }, cv.indexPathsForSelectedItems)
    end)

    it("reports an override that raises with its traceback, and answers as without it", function()
      local Failing = StackLayout:extend("Failing")
      function Failing:contentSize() error("no size today") end
      cv.layout = Failing:new()
      window:layoutIfNeeded()
      local errors = test.errors()
      assert.are.equal("contentSize of Failing", errors[1].context)
      assert.matches("no size today", errors[1].message)
      assert.matches("custom_layout_spec%.lua", errors[1].traceback)
      assert.are.same({ width = 0, height = 0 }, cv.contentSize)
      assert.are.equal(5, #cv.visibleCells)
    end)

    it("reports a decoration kind nobody registered", function()
      local Stamped = StackLayout:extend("Stamped")
      function Stamped:attributesInRect(rect)
        return { ui.attributes{ indexPath = ip(1, 1), decoration = "stamp", frame = { 0, 0, 10, 10 } } }
      end
      cv.layout = Stamped:new()
      window:layoutIfNeeded()
      assert.matches("decoration view 'stamp', a kind not registered with registerDecoration", test.errors()[1].message)
    end)
  end)

  describe("ui.attributes", function()
    it("makes a cell's, a supplementary view's or a decoration view's attributes, and reads them back", function()
      local cell = ui.attributes{ indexPath = ip(2, 3), frame = { 10, 20, 100, 50 }, zIndex = -3, alpha = 0.5, hidden = true }
      assert.are.equal(ip(2, 3), cell.indexPath)
      assert.is_nil(cell.kind)
      assert.are.equal("cell", cell.category)
      assert.are.same({ x = 10, y = 20, width = 100, height = 50 }, cell.frame)
      assert.are.same({ x = 60, y = 45 }, cell.center)
      assert.are.same({ width = 100, height = 50 }, cell.size)
      assert.are.equal(-3, cell.zIndex)
      assert.are.equal(0.5, cell.alpha)
      assert.is_true(cell.hidden)
      assert.are.same({ a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0 }, cell.transform)
      local header = ui.attributes{ indexPath = ip(1, 1), kind = "header", center = { 160, 20 }, size = { 320, 40 } }
      assert.are.equal("header", header.kind)
      assert.are.equal("supplementary", header.category)
      assert.are.same({ x = 0, y = 0, width = 320, height = 40 }, header.frame)
      local logo = ui.attributes{ indexPath = ip(1, 1), decoration = "logo", transform = { rotation = math.pi / 2, scale = 2 } }
      assert.are.equal("decoration", logo.category)
      assert.are.equal("logo", logo.kind)
      assert.are.same({ a = 0, b = 2, c = -2, d = 0, tx = 0, ty = 0 }, logo.transform)
      -- Settable, as a layout changes what it got from super.
      cell.center = { 0, 0 }
      assert.are.same({ x = -50, y = -25, width = 100, height = 50 }, cell.frame)
      cell.size = { 10, 10 }
      assert.are.same({ x = -5, y = -5, width = 10, height = 10 }, cell.frame)
      cell.transform = { tx = 5 }
      assert.are.equal(5, cell.transform.tx)
      assert.matches("ui.LayoutAttributes%(cell 2.3", tostring(cell))
    end)

    it("refuses numbers that are not finite, naming the field, and fields it does not take", function()
      assert.matches("bad argument #1 to 'attributes' %(finite number expected, got nan in field 'x' in field 'frame'%)",
        failure(function() ui.attributes{ indexPath = ip(1, 1), frame = { 0 / 0, 0, 1, 1 } } end))
      assert.matches("finite number expected, got inf in field 'alpha'",
        failure(function() ui.attributes{ indexPath = ip(1, 1), alpha = 1 / 0 } end))
      assert.matches("finite number expected, got %-inf in field 'tx' in field 'transform'",
        failure(function() ui.attributes{ indexPath = ip(1, 1), transform = { tx = -1 / 0 } } end))
      assert.matches("the frame would not be finite",
        failure(function() ui.attributes{ indexPath = ip(1, 1), frame = { 1.7e308, 0, 1.7e308, 1 }, size = { 1, 1 } } end))
      assert.matches("no attribute field 'zindex' %(did you mean 'zIndex'%?%)",
        failure(function() ui.attributes{ indexPath = ip(1, 1), zindex = 2 } end))
      assert.matches("not both", failure(function() ui.attributes{ indexPath = ip(1, 1), kind = "header", decoration = "logo" } end))
      assert.matches("index path expected, got nil in field 'indexPath'", failure(function() ui.attributes{ frame = { 0, 0, 1, 1 } } end))
      assert.matches("number has no integer representation in field 'zIndex'",
        failure(function() ui.attributes{ indexPath = ip(1, 1), zIndex = 0.5 } end))
      local attributes = ui.attributes{ indexPath = ip(1, 1) }
      assert.matches("bad value for property 'alpha' of ui.LayoutAttributes %(finite number expected, got nan%)",
        failure(function() attributes.alpha = 0 / 0 end))
      attributes.frame = { 1.7e308, 0, 1.7e308, 1 }
      assert.matches("the frame would not be finite", failure(function() attributes.size = { 1, 1 } end))
      assert.are.same({ x = 1.7e308, y = 0, width = 1.7e308, height = 1 }, attributes.frame)
    end)
  end)
end)
