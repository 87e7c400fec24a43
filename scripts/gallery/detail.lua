-- One video: its title, rating, the day it was published and all of its text; Edit changes
-- the first three in a form (editor.lua).
local videos = require("videos")
local editor = require("editor")

local Detail = ui.Controller:extend("Detail")

function Detail:viewDidLoad()
  local video = self.video
  local view = self.view
  view.backgroundColor = "white"
  local width = view.bounds.width
  self.titleLabel = ui.Label:new{ frame = { 16, 16, width - 32, 32 }, lines = 2, lineBreakMode = "wordWrap" }
  self.ratingLabel = ui.Label:new{ frame = { 16, 64, width - 32, 16 } }
  self.textLabel = ui.Label:new{ frame = { 16, 96, width - 32, 160 }, text = video.text, lines = 0,
                                 lineBreakMode = "wordWrap" }
  for _, label in ipairs{ self.titleLabel, self.ratingLabel, self.textLabel } do
    label.autoresizing = { "flexibleWidth" }
    view:addSubview(label)
  end
  self.navigationItem.rightButton = ui.BarButtonItem:new{ title = "Edit", target = self, action = "edit" }
  self:show()
end

--- Shows the video's title, rating and day (again, after an edit).
function Detail:show()
  local video = self.video
  self.title = video.title
  self.titleLabel.text = video.title
  self.titleLabel.backgroundColor = videos.ratingColors[video.rating]
  self.ratingLabel.text = videos.stars(video.rating) .. "  " .. video.published
end

--- The Edit button's action: the form slides in; a valid Save comes back here.
function Detail:edit()
  self.navigationController:push(editor.make(self.video, function() self:show() end), true)
end

return Detail
