-- Page, an app that tries a page view controller: an options screen in a navigation
-- controller, and a book of numbered pages made with the chosen settings. Turn pages with
-- Previous and Next in the toolbar or by swiping; rotate to see the spine move.
local Options = require("options")

local app = {}

function app.didFinishLaunching(window)
  app.options = Options:new()
  app.navigation = ui.NavigationController:new(app.options)
  window.rootViewController = app.navigation
end

return app
