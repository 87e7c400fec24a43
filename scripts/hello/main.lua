-- The first app: a screen that greets, a button that greets again, and one that pushes a
-- second screen (about.lua) onto the navigation stack. It also prints its greeting, to show
-- that Lua runs inside the host.
local greeting = require("greeting")
local About = require("about")

print(greeting.text("LuaScreens"))
print(("Lua %s, %d + %d = %d"):format(_VERSION:match("%d+%.%d+"), 2, 3, 2 + 3))

local Hello = ui.Controller:extend("Hello")

function Hello:viewDidLoad()
  self.title = "Hello"
  self.greetings = 1
  local width = self.view.bounds.width
  self.view.backgroundColor = "white"
  self.label = ui.Label:new{ frame = { 0, 160, width, 16 }, text = greeting.text("LuaScreens"),
                             alignment = "center", autoresizing = { "flexibleWidth" } }
  self.button = ui.Button:new{ frame = { width / 2 - 64, 208, 128, 32 },
                               autoresizing = { "flexibleLeftMargin", "flexibleRightMargin" } }
  self.button:setTitle("Greet again", "normal")
  self.button:addTarget(self, "greetAgain", "touchUpInside")
  self.about = ui.Button:new{ frame = { width / 2 - 64, 256, 128, 32 },
                              autoresizing = { "flexibleLeftMargin", "flexibleRightMargin" } }
  self.about:setTitle("About", "normal")
  self.about:addTarget(self, "showAbout", "touchUpInside")
  self.view:addSubview(self.label)
  self.view:addSubview(self.button)
  self.view:addSubview(self.about)
end

--- The About button's action: the second screen slides in; its back button (or Esc) returns.
function Hello:showAbout()
  self.navigationController:push(About:new(), true)
end

--- The button's action: one more greeting, counted.
function Hello:greetAgain()
  self.greetings = self.greetings + 1
  self.label.text = ("%s (%d)"):format(greeting.text("LuaScreens"), self.greetings)
end

local app = {}

function app.didFinishLaunching(window)
  window.rootViewController = ui.NavigationController:new{ root = Hello:new() }
  window:makeKeyAndVisible()
end

return app
