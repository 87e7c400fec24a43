-- StackLayout, a collection view layout: the items of section 1 as a stack of cards spread
-- along a diagonal, the first item at the bottom right in front, the last at the top left
-- behind the others; the section's header across the top, its footer across the bottom, an
-- optional logo as a decoration view at the top right, and the selected card lifted in front
-- of all the others.
--
--   local StackLayout = require("stacklayout")
--   cv.layout = StackLayout:new{ logo = "My cards" }
--
-- The collection view's delegate gives each card its size (`sizeForItem(cv, layout, ip)`);
-- a delegate that reloads the items it selects and deselects lifts and drops them.
local StackLayout = ui.Layout:extend("StackLayout")

StackLayout.headerHeight = 32
StackLayout.footerHeight = 32

--- The logo the stack shows as its decoration: a framed label. Each text has a class of its
--- own (a decoration view is made by its class alone), made once per state.
local Logo = ui.CollectionReusableView:extend("StackLayoutLogo")
local logoClasses = {}

function Logo:init()
  self.label = ui.Label:new{ text = self.text, alignment = "center" }
  self:addSubview(self.label)
  self.borderWidth = 1
  self.backgroundColor = "#fde9e7"
end

function Logo:layoutSubviews()
  local bounds = self.bounds
  self.label.frame = { 0, math.floor(bounds.height / 2 / 16) * 16, bounds.width, 16 }
end

--- The logo's class for `text`.
local function logoClass(text)
  local class = logoClasses[text]
  if not class then
    class = Logo:extend("StackLayoutLogo")
    class.text = text
    logoClasses[text] = class
  end
  return class
end

--- `StackLayout:new{ logo = "text" }`: `logo`, the text of the framed label at the top
--- right (none without it).
function StackLayout:init()
  local logo = self.logo
  if logo ~= nil and type(logo) ~= "string" then
    error("StackLayout: logo must be a string, got " .. type(logo), 3)
  end
  if logo then self:registerDecoration("logo", logoClass(logo)) end
end

--- The size of the item at `ip`, as the collection view's delegate gives it.
function StackLayout:sizeForItem(ip)
  local cv = self.collectionView
  return cv.delegate:sizeForItem(cv, self, ip)
end

--- The rectangle the centres of the cards run along, between the header and the footer:
--- its top-left corner is the centre of the oldest card, its bottom-right the newest's.
function StackLayout:cardFrame(section)
  local cv = self.collectionView
  local size = cv.bounds
  local count = cv.dataSource:numberOfItems(cv, section)
  local first = self:sizeForItem(ui.indexPath(section, 1))
  local last = self:sizeForItem(ui.indexPath(section, count))
  return {
    x = last.width / 2,
    y = StackLayout.headerHeight + last.height / 2,
    width = size.width - first.width / 2 - last.width / 2,
    height = size.height - first.height / 2 - last.height / 2 - StackLayout.headerHeight - StackLayout.footerHeight,
  }
end

function StackLayout:prepare()
  local cv = self.collectionView
  self.attributes = {}
  local count = cv.dataSource:numberOfItems(cv, 1)
  self.attributes[#self.attributes + 1] = self:attributesForSupplementary("header", ui.indexPath(1, 1))
  for item = 1, count do
    self.attributes[#self.attributes + 1] = self:attributesForItem(ui.indexPath(1, item))
  end
  self.attributes[#self.attributes + 1] = self:attributesForSupplementary("footer", ui.indexPath(1, 1))
  if self.logo then
    self.attributes[#self.attributes + 1] = self:attributesForDecoration("logo", ui.indexPath(1, 1))
  end
end

function StackLayout:contentSize()
  return self.collectionView.bounds
end

function StackLayout:attributesInRect(rect)
  local found = {}
  for _, attributes in ipairs(self.attributes or {}) do
    local frame = attributes.frame
    if frame.x < rect.x + rect.width and rect.x < frame.x + frame.width
        and frame.y < rect.y + rect.height and rect.y < frame.y + frame.height then
      found[#found + 1] = attributes
    end
  end
  return found
end

--- Whether the item at `ip` is selected.
local function isSelected(cv, ip)
  for _, selected in ipairs(cv.indexPathsForSelectedItems) do
    if selected == ip then return true end
  end
  return false
end

function StackLayout:attributesForItem(ip)
  local cv = self.collectionView
  local count = cv.dataSource:numberOfItems(cv, ip.section)
  local frame = self:cardFrame(ip.section)
  local center
  if count <= 1 then
    center = { x = frame.x + frame.width / 2, y = frame.y + frame.height / 2 }
  else
    -- The newest (item 1) at the bottom right, each older one a step up and left.
    local step = (ip.item - 1) / (count - 1)
    center = { x = frame.x + frame.width - step * frame.width, y = frame.y + frame.height - step * frame.height }
  end
  return ui.attributes{
    indexPath = ip, center = center, size = self:sizeForItem(ip),
    -- Newer cards cover older ones; the selected card covers them all.
    zIndex = isSelected(cv, ip) and 1 or -ip.item,
  }
end

function StackLayout:attributesForSupplementary(kind, ip)
  local size = self:contentSize()
  if kind == "header" then
    return ui.attributes{ indexPath = ip, kind = kind, frame = { 0, 0, size.width, StackLayout.headerHeight } }
  end
  return ui.attributes{ indexPath = ip, kind = kind,
                        frame = { 0, size.height - StackLayout.footerHeight, size.width, StackLayout.footerHeight } }
end

function StackLayout:attributesForDecoration(kind, ip)
  local width = self.collectionView.bounds.width
  return ui.attributes{ indexPath = ip, decoration = kind, center = { x = width - 48, y = 72 },
                        size = { 80, 32 } }
end

return StackLayout
