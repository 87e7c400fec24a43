-- Container, an app that manages child view controllers: four panels laid out in a 2×2
-- grid by the container's viewDidLayoutSubviews, and a controller raised over them with a
-- custom segue and closed with another. Every callback is logged to `app.log`.
local controllers = require("controllers")

local app = { log = controllers.log }

function app.didFinishLaunching(window)
  app.container = controllers.Container:new()
  window.rootViewController = app.container
end

return app
