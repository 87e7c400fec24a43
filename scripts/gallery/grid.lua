-- The grid of videos: a collection view with a flow layout whose items are as tall as their
-- text needs, a search bar in the header that filters the videos, a footer that counts
-- them, and a button that switches to the stack layout (and back). Tapping a video in the
-- grid shows its detail; in the stack it lifts the card to the top.
local videos = require("videos")
local VideoCell = require("videocell")
local StackLayout = require("stacklayout")
local Detail = require("detail")

--- The header: a search bar across the top of the list.
local SearchHeader = ui.CollectionReusableView:extend("SearchHeader")

function SearchHeader:init()
  self.searchBar = ui.SearchBar:new{ placeholder = "Search videos", showsCancelButton = true }
  self:addSubview(self.searchBar)
end

function SearchHeader:layoutSubviews()
  self.searchBar.frame = self.bounds
end

--- The footer: how many videos are shown.
local CountFooter = ui.CollectionReusableView:extend("CountFooter")

function CountFooter:init()
  self.label = ui.Label:new{ alignment = "center" }
  self:addSubview(self.label)
end

function CountFooter:layoutSubviews()
  self.label.frame = self.bounds
end

local VideoGrid = ui.CollectionViewController:extend("VideoGrid")

--- The width of an item: two columns with 10 points around and 12 between them.
VideoGrid.itemWidth = 144

--- A grid showing `videos.all`.
function VideoGrid.make()
  local grid = VideoGrid:new{ layout = VideoGrid.flowLayout(), title = "Videos", query = "" }
  return grid
end

function VideoGrid.flowLayout()
  return ui.FlowLayout:new{
    itemSize = { VideoGrid.itemWidth, 48 },
    minimumInteritemSpacing = 12, minimumLineSpacing = 16,
    sectionInset = { top = 16, left = 10, bottom = 16, right = 10 },
    -- 36 points under the 44 of the navigation bar: the items start on a text row.
    headerSize = { 320, 36 }, footerSize = { 320, 32 },
  }
end

function VideoGrid:viewDidLoad()
  self.shown = videos.matching(self.query)
  local cv = self.collectionView
  cv.backgroundColor = "white"
  cv:register("Video", VideoCell)
  cv:registerSupplementary("header", "Search", SearchHeader)
  cv:registerSupplementary("footer", "Count", CountFooter)
  self.layoutButton = ui.BarButtonItem:new{ title = "Stack", target = self, action = "switchLayout" }
  self.navigationItem.rightButton = self.layoutButton
end

function VideoGrid:viewWillAppear(animated)
  VideoGrid.super.viewWillAppear(self, animated)
  -- Another screen may have deleted videos meanwhile.
  self:refresh()
end

--- Shows the videos matching the query again.
function VideoGrid:refresh()
  self.shown = videos.matching(self.query)
  self.collectionView:reloadData()
end

--- Whether the stack layout is showing.
function VideoGrid:isStacked()
  return self.stackLayout ~= nil and self.collectionView.layout == self.stackLayout
end

--- Switches between the flow and the stack layout.
function VideoGrid:switchLayout()
  local cv = self.collectionView
  for _, ip in ipairs(cv.indexPathsForSelectedItems) do cv:deselectItem(ip) end
  if self:isStacked() then
    cv.layout = VideoGrid.flowLayout()
    self.layoutButton.title = "Stack"
  else
    self.stackLayout = self.stackLayout or StackLayout:new{ logo = "▶ Gallery" }
    cv.layout = self.stackLayout
    self.layoutButton.title = "Grid"
  end
end

-- MARK: data source

function VideoGrid:numberOfItems(cv, section)
  return #self.shown
end

function VideoGrid:cellForItem(cv, ip)
  local cell = cv:dequeue("Video", ip)
  cell:show(self.shown[ip.item])
  return cell
end

function VideoGrid:viewForSupplementary(cv, kind, ip)
  if kind == "header" then
    local header = cv:dequeueSupplementary(kind, "Search", ip)
    header.searchBar.text = self.query
    header.searchBar.delegate = self
    return header
  end
  local footer = cv:dequeueSupplementary(kind, "Count", ip)
  local count = #self.shown
  footer.label.text = count == 1 and "1 video" or (count .. " videos")
  return footer
end

-- MARK: delegate

function VideoGrid:sizeForItem(cv, layout, ip)
  return VideoCell.sizeFor(self.shown[ip.item], VideoGrid.itemWidth)
end

function VideoGrid:didSelectItem(cv, ip)
  if self:isStacked() then
    -- The stack lifts the selected card: its attributes change with the selection.
    cv:reloadItems{ ip }
    return
  end
  cv:deselectItem(ip)
  self.navigationController:push(Detail:new{ video = self.shown[ip.item] })
end

function VideoGrid:didDeselectItem(cv, ip)
  if self:isStacked() then cv:reloadItems{ ip } end
end

-- MARK: search bar

function VideoGrid:textDidChange(bar, text)
  self.query = text
  self:refresh()
end

function VideoGrid:cancelButtonClicked(bar)
  bar.text = ""
  self.query = ""
  self:refresh()
end

return VideoGrid
