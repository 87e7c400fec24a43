-- Errors in an override and in a timer are reported, and the run goes on to the end.
local Broken = ui.Controller:extend("Broken")
function Broken:viewDidLoad() error("no view today") end

local app = {}
function app.didFinishLaunching(window)
  window.rootViewController = Broken:new()
  window:makeKeyAndVisible()
  loop.after(1, function() local entry = nil; print(entry.text) end)
  loop.after(2, function() print("still running") end)
end
return app
