-- The second screen: the same videos in a grouped table, one section per rating (best
-- first), each row a title with the day it was published. Rows are deleted with a swipe or
-- in editing mode (the Edit button); a section goes when its last row does.
local videos = require("videos")
local Detail = require("detail")

local Ratings = ui.TableViewController:extend("Ratings")

--- A table of `videos.all` grouped by rating.
function Ratings.make()
  local ratings = Ratings:new{ style = "grouped", title = "Ratings" }
  return ratings
end

function Ratings:viewDidLoad()
  self.tableView:register("Video", ui.TableViewCell)
  self.navigationItem.rightButton = self.editButtonItem
end

function Ratings:viewWillAppear(animated)
  Ratings.super.viewWillAppear(self, animated)
  -- Another screen may have changed the list meanwhile.
  self.groups = videos.byRating()
  self.tableView:reloadData()
end

-- MARK: data source

function Ratings:numberOfSections(tv)
  self.groups = self.groups or videos.byRating()
  return #self.groups
end

function Ratings:numberOfRows(tv, section)
  return #self.groups[section].videos
end

function Ratings:titleForHeader(tv, section)
  local group = self.groups[section]
  return videos.stars(group.rating) .. "  (" .. #group.videos .. ")"
end

function Ratings:cellForRow(tv, ip)
  local cell = tv:dequeue("Video", ip)
  local video = self.groups[ip.section].videos[ip.row]
  cell.textLabel.text = video.title
  cell.accessoryType = "disclosureIndicator"
  return cell
end

function Ratings:commitDelete(tv, ip)
  local group = self.groups[ip.section]
  videos.remove(table.remove(group.videos, ip.row))
  if #group.videos == 0 then
    table.remove(self.groups, ip.section)
    tv:deleteSections{ ip.section }
  else
    tv:deleteRows{ ip }
  end
end

-- MARK: delegate

function Ratings:didSelectRow(tv, ip)
  tv:deselectRow(ip)
  self.navigationController:push(Detail:new{ video = self.groups[ip.section].videos[ip.row] })
end

return Ratings
