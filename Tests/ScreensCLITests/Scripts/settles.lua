-- Headless until idle: a pushed controller slides in and a one-shot timer fires; the
-- repeating timer ticks on the way but does not keep the run going.
local First = ui.Controller:extend("First")
function First:viewDidLoad() self.title = "First" end
local Second = ui.Controller:extend("Second")
function Second:viewDidLoad()
  self.title = "Second"
  self.label = ui.Label:new{ frame = { 8, 80, 304, 16 }, text = "waiting" }
  self.view:addSubview(self.label)
end

local app = {}
function app.didFinishLaunching(window)
  local second = Second:new()
  local nav = ui.NavigationController:new(First:new())
  window.rootViewController = nav
  window:makeKeyAndVisible()
  local ticks = 0
  loop.every(1, function() ticks = ticks + 1 end)
  loop.after(2.5, function()
    nav:push(second, true)
    second.label.text = ("pushed at %g s after %d ticks"):format(loop.now(), ticks)
  end)
end
return app
