-- Gallery: a list of videos read from videos.json (titles, texts, ratings), shown two ways.
-- The Videos tab is a collection view: a flow layout sizing each video to its text, a
-- search bar filtering them, a count below, and a stack layout written in Lua to switch to.
-- The Ratings tab is a grouped table of the same videos by rating, with swipe to delete
-- and an Edit button; a video's detail has an Edit button too, for its title, rating and
-- day. The stack layout and the edit form come from the bundled plugins `stacklayout` and
-- `forms`.
local videos = require("videos")
local VideoGrid = require("grid")
local Ratings = require("ratings")

local app = { id = "gallery", plugins = { "stacklayout", "forms" } }

function app.didFinishLaunching(window)
  videos.load()
  app.grid = VideoGrid.make()
  app.ratings = Ratings.make()
  local videosTab = ui.NavigationController:new(app.grid)
  videosTab.tabBarItem.title = "Videos"
  local ratingsTab = ui.NavigationController:new(app.ratings)
  ratingsTab.tabBarItem.title = "Ratings"
  app.tabs = ui.TabBarController:new{ videosTab, ratingsTab }
  window.rootViewController = app.tabs
end

return app
