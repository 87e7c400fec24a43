-- PhotoDiary: a diary of entries with photos, kept in the app's store. On an iPhone the
-- diary is the root of a navigation controller and an entry opens its pages; on an iPad a
-- split view shows the diary beside the pages (in portrait, behind an Overview button). An
-- evening reminder asks for today's entry.
local entries = require("entries")
local Diary = require("diary")
local EntryPages = require("pages")
local Overview = require("overview")
local reminder = require("reminder")

local app = {}

function app.didFinishLaunching(window)
  app.window = window
  app.context = entries.open()
  app.diary = Diary:new{ context = app.context }
  local diaryNavigation = ui.NavigationController:new(app.diary)
  if window.device == "ipad" then
    app.pages = EntryPages:new{ context = app.context }
    app.diary.detail = app.pages
    app.split = ui.SplitViewController:new{ diaryNavigation, ui.NavigationController:new(app.pages) }
    app.split.delegate = Overview.new(app.pages)
    window.rootViewController = app.split
  else
    window.rootViewController = diaryNavigation
  end
  reminder.schedule()
end

function app.didReceiveLocalNotification(note)
  reminder.deliver(note, app.window.rootViewController, function() app.diary:add() end)
end

return app
