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
  self.view.backgroundColor = "white"
  self.label = ui.Label:new{ text = greeting.text("LuaScreens"), alignment = "center" }
  self.button = ui.Button:new{}
  self.button:setTitle("Greet again", "normal")
  self.button:addTarget(self, "greetAgain", "touchUpInside")
  self.about = ui.Button:new{}
  self.about:setTitle("About", "normal")
  self.about:addTarget(self, "showAbout", "touchUpInside")
  -- The greeting over the two buttons, each at its own size and centred, two lines apart;
  -- the column keeps to the middle as the screen turns.
  local column = ui.StackView:new{ axis = "vertical", alignment = "center", spacing = 32,
                                   arrangedSubviews = { self.label, self.button, self.about } }
  column.frame = { 0, 160, self.view.bounds.width, column.intrinsicContentSize.height }
  column.autoresizing = { "flexibleWidth" }
  self.view:addSubview(column)
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
