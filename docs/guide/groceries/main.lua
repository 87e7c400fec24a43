-- Groceries: a list kept in the app's store, an editor for new items, and a plugin that
-- reads "3 pears".
local items = require("items")
local List = require("list")

local app = {}

function app.didFinishLaunching(window)
  app.context = items.open()
  app.list = List:new{ context = app.context }
  window.rootViewController = ui.NavigationController:new(app.list)
end

return app
