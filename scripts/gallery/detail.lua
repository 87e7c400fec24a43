-- One video: its title, rating, the day it was published and all of its text.
local videos = require("videos")

local Detail = ui.Controller:extend("Detail")

function Detail:viewDidLoad()
  local video = self.video
  self.title = video.title
  local view = self.view
  view.backgroundColor = "white"
  local width = view.bounds.width
  self.titleLabel = ui.Label:new{ frame = { 16, 16, width - 32, 32 }, text = video.title, lines = 2,
                                  lineBreakMode = "wordWrap", backgroundColor = videos.ratingColors[video.rating] }
  self.ratingLabel = ui.Label:new{ frame = { 16, 64, width - 32, 16 },
                                   text = videos.stars(video.rating) .. "  " .. video.published }
  self.textLabel = ui.Label:new{ frame = { 16, 96, width - 32, 160 }, text = video.text, lines = 0,
                                 lineBreakMode = "wordWrap" }
  for _, label in ipairs{ self.titleLabel, self.ratingLabel, self.textLabel } do
    label.autoresizing = { "flexibleWidth" }
    view:addSubview(label)
  end
end

return Detail
