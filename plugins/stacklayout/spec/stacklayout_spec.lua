-- The stack layout plugin: where it puts the cards, the header, the footer and the logo of a
-- 320 × 480 collection view, and the selected card lifted in front.
local StackLayout = require("stacklayout")

describe("StackLayout", function()
  local window, cv, layout

  local function ip(section, item) return ui.indexPath(section, item) end

  --- A collection view of `count` cards of 100 × 60 laid out by `layout`, in a window.
  local function show(count, options)
    local Card = ui.CollectionViewCell:extend("Card")
    function Card:init()
      self.label = ui.Label:new{ frame = { 0, 0, 100, 16 } }
      self.contentView:addSubview(self.label)
    end
    local Title = ui.CollectionReusableView:extend("Title")
    function Title:init()
      self.label = ui.Label:new{ frame = { 0, 0, 320, 16 } }
      self:addSubview(self.label)
    end
    layout = StackLayout:new(options)
    cv = ui.CollectionView:new{ frame = { 0, 0, 320, 480 }, layout = layout }
    cv:register("Card", Card)
    cv:registerSupplementary("header", "Title", Title)
    cv:registerSupplementary("footer", "Title", Title)
    cv.dataSource = {
      numberOfItems = function() return count end,
      cellForItem = function(_, view, path)
        local card = view:dequeue("Card", path)
        card.label.text = "Card " .. path.item
        return card
      end,
      viewForSupplementary = function(_, view, kind, path)
        local title = view:dequeueSupplementary(kind, "Title", path)
        title.label.text = kind == "header" and "The header" or "The footer"
        return title
      end,
    }
    cv.delegate = {
      sizeForItem = function() return { width = 100, height = 60 } end,
      didSelectItem = function(_, view, path) view:reloadItems{ path } end,
      didDeselectItem = function(_, view, path) view:reloadItems{ path } end,
    }
    window = ui.Window:new{ device = "iphone" }
    window:addSubview(cv)
    window:makeKeyAndVisible()
    window:layoutIfNeeded()
  end

  it("spreads the cards along the diagonal between the header and the footer, the first in front", function()
    show(5)
    -- The centres run from (270, 418) for the first card to (50, 62) for the last.
    assert.are.same({ x = 220, y = 388, width = 100, height = 60 }, layout:attributesForItem(ip(1, 1)).frame)
    assert.are.same({ x = 110, y = 210, width = 100, height = 60 }, layout:attributesForItem(ip(1, 3)).frame)
    assert.are.same({ x = 0, y = 32, width = 100, height = 60 }, layout:attributesForItem(ip(1, 5)).frame)
    for item = 1, 5 do
      assert.are.equal(-item, layout:attributesForItem(ip(1, item)).zIndex)
    end
    assert.are.same({ width = 320, height = 480 }, cv.contentSize)
    assert.is_not_nil(window:render("text"):find("Card 1", 1, true))
  end)

  it("centres a single card", function()
    show(1)
    assert.are.same({ x = 110, y = 210, width = 100, height = 60 }, layout:attributesForItem(ip(1, 1)).frame)
  end)

  it("puts the header across the top and the footer across the bottom", function()
    show(3)
    local header = layout:attributesForSupplementary("header", ip(1, 1))
    local footer = layout:attributesForSupplementary("footer", ip(1, 1))
    assert.are.equal("header", header.kind)
    assert.are.same({ x = 0, y = 0, width = 320, height = 32 }, header.frame)
    assert.are.same({ x = 0, y = 448, width = 320, height = 32 }, footer.frame)
    local text = window:render("text")
    assert.is_not_nil(text:find("The header", 1, true))
    assert.is_not_nil(text:find("The footer", 1, true))
  end)

  it("shows the logo at the top right when given one, and none without", function()
    show(3, { logo = "Cards" })
    assert.are.same({ x = 232, y = 56, width = 80, height = 32 }, layout:attributesForDecoration("logo", ip(1, 1)).frame)
    assert.is_not_nil(window:render("text"):find("Cards", 1, true))
    local found = 0
    for _, attributes in ipairs(layout:attributesInRect{ x = 0, y = 0, width = 320, height = 480 }) do
      if attributes.kind == "logo" then found = found + 1 end
    end
    assert.are.equal(1, found)

    show(3)
    for _, attributes in ipairs(layout:attributesInRect{ x = 0, y = 0, width = 320, height = 480 }) do
      assert.are_not.equal("logo", attributes.kind)
    end
  end)

  it("lifts the selected card in front of all the others, and lets it back", function()
    show(5)
    cv:selectItem(ip(1, 3))
    assert.are.equal(1, layout:attributesForItem(ip(1, 3)).zIndex)
    assert.are.equal(-1, layout:attributesForItem(ip(1, 1)).zIndex)
    cv:deselectItem(ip(1, 3))
    assert.are.equal(-3, layout:attributesForItem(ip(1, 3)).zIndex)
  end)

  it("refuses a logo that is not a string", function()
    local ok, message = pcall(function() StackLayout:new{ logo = 42 } end)
    assert.is_false(ok)
    assert.matches("stacklayout_spec%.lua:%d+: StackLayout: logo must be a string, got number", message)
  end)
end)
