-- One video: its title, rating, the day it was published and all of its text; Edit changes
-- the first three in a form (editor.lua).
local videos = require("videos")
local editor = require("editor")

local Detail = ui.Controller:extend("Detail")

function Detail:viewDidLoad()
  local video = self.video
  local view = self.view
  view.backgroundColor = "white"
  self.titleLabel = ui.Label:new{ lines = 2, lineBreakMode = "wordWrap" }
  self.ratingLabel = ui.Label:new{}
  self.textLabel = ui.Label:new{ text = video.text, lines = 0, lineBreakMode = "wordWrap" }
  -- A column of the three, each as tall as its text at the column's width, a line apart;
  -- the empty view at the end takes the rest of the screen. It starts 20 points down, on a
  -- line of the text render under the 44-point navigation bar.
  local bounds = view.bounds
  view:addSubview(ui.StackView:new{
    frame = { 16, 20, bounds.width - 32, bounds.height - 20 }, autoresizing = { "flexibleWidth", "flexibleHeight" },
    axis = "vertical", spacing = 16,
    arrangedSubviews = { self.titleLabel, self.ratingLabel, self.textLabel, ui.View:new{} },
  })
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
