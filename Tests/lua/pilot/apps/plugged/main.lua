-- An app that loads a plugin from its plugins/ folder at launch.
local app = { plugins = { "greeter" } }

function app.didFinishLaunching(window)
  local greeter = require("greeter")
  local controller = ui.Controller:new{}
  controller.view:addSubview(greeter.label("plugins"))
  window.rootViewController = controller
end

return app
