-- The app the terminal tests drive through tmux: a button that pushes a controller, one
-- that counts, a text field whose text a label repeats, and a button whose action fails.
local Detail = ui.Controller:extend("Detail")

function Detail:viewDidLoad()
  self.title = "Detail"
  self.view.backgroundColor = "white"
  self.view:addSubview(ui.Label:new{ frame = { 0, 160, 320, 16 }, text = "This is the detail", alignment = "center" })
end

local Home = ui.Controller:extend("Home")

local function button(title, y, target, action)
  local b = ui.Button:new{ frame = { 96, y, 128, 32 } }
  b:setTitle(title, "normal")
  b:addTarget(target, action, "touchUpInside")
  return b
end

function Home:viewDidLoad()
  self.title = "Home"
  self.view.backgroundColor = "white"
  self.taps = 0
  self.label = ui.Label:new{ frame = { 0, 80, 320, 16 }, text = "taps 0", alignment = "center" }
  self.view:addSubview(self.label)
  self.view:addSubview(button("Open detail", 112, self, "openDetail"))
  self.view:addSubview(button("Count", 160, self, "count"))
  self.field = ui.TextField:new{ frame = { 64, 224, 192, 32 }, placeholder = "type here" }
  self.field:addTarget(self, "echo", "editingChanged")
  self.view:addSubview(self.field)
  self.echoLabel = ui.Label:new{ frame = { 0, 272, 320, 16 }, text = "typed: ", alignment = "center" }
  self.view:addSubview(self.echoLabel)
  self.view:addSubview(button("Fail", 320, self, "fail"))
end

function Home:openDetail()
  self.navigationController:push(Detail:new())
end

function Home:count()
  self.taps = self.taps + 1
  self.label.text = "taps " .. self.taps
end

function Home:echo()
  self.echoLabel.text = "typed: " .. self.field.text
end

function Home:fail()
  error("the Fail button failed")
end

return {
  id = "terminal",
  didFinishLaunching = function(window)
    window.rootViewController = ui.NavigationController:new{ root = Home:new() }
  end,
}
