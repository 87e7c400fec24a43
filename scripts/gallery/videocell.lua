-- A video in the grid: its title on a strip coloured by its rating, its text below, wrapped.
-- The height a video needs comes from the same labels, so the grid can size each item to
-- show all of its text.
local videos = require("videos")

local VideoCell = ui.CollectionViewCell:extend("VideoCell")

--- The height of the title strip; the text starts below it.
VideoCell.titleHeight = 16
--- The space between the text and the cell's frame at the sides.
VideoCell.textInset = 8

function VideoCell:init()
  self.titleLabel = ui.Label:new{ lineBreakMode = "truncateTail" }
  self.textLabel = ui.Label:new{ lines = 0, lineBreakMode = "wordWrap" }
  self.contentView:addSubview(self.titleLabel)
  self.contentView:addSubview(self.textLabel)
  self.borderWidth = 1
  -- Opaque, so that a card in the stack covers the ones behind it.
  self.backgroundColor = "white"
end

--- Shows `video`.
function VideoCell:show(video)
  self.video = video
  self.titleLabel.text = video.title
  self.titleLabel.backgroundColor = videos.ratingColors[video.rating]
  self.textLabel.text = video.text
  self:setNeedsLayout()
end

function VideoCell:prepareForReuse()
  self.video = nil
  self.titleLabel.text = ""
  self.textLabel.text = ""
end

function VideoCell:layoutSubviews()
  local bounds = self.bounds
  self.titleLabel.frame = { 0, 0, bounds.width, VideoCell.titleHeight }
  local inset = VideoCell.textInset
  self.textLabel.frame = { inset, VideoCell.titleHeight, math.max(0, bounds.width - 2 * inset),
                           math.max(0, bounds.height - 2 * VideoCell.titleHeight) }
end

--- A label that measures texts as the cells wrap them.
local measure = ui.Label:new{ lines = 0, lineBreakMode = "wordWrap" }

--- The size of a cell `width` wide that shows all of `video`: the title strip, the wrapped
--- text and a line's height below it for the frame. The text takes an even number of lines,
--- so that cells of different heights centred in one line of the grid still start on a
--- text row of the terminal.
function VideoCell.sizeFor(video, width)
  measure.text = video.text
  local text = measure:sizeThatFits{ width = width - 2 * VideoCell.textInset, height = 100000 }
  local lines = math.max(2, math.ceil(text.height / 16))
  lines = lines + lines % 2
  return { width = width, height = 2 * VideoCell.titleHeight + 16 * lines }
end

return VideoCell
