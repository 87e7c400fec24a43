-- An app whose "Swap" button starts a transition longer than the pilot waits.
local app = {}

local Page = ui.Controller:extend("Page")

function Page:viewDidLoad()
  self.view:addSubview(ui.Label:new{ text = self.title, frame = { 0, 200, 320, 16 }, alignment = "center" })
end

local Pages = ui.Controller:extend("Pages")

function Pages:viewDidLoad()
  self.first, self.second = Page:new{ title = "First" }, Page:new{ title = "Second" }
  self:addChild(self.first)
  self:addChild(self.second)
  self.view:addSubview(self.first.view)
  local swap = ui.Button:new{ title = "Swap", frame = { 120, 400, 80, 32 } }
  swap:addTarget(function()
    self:transition(self.first, self.second, { duration = 30, animations = function() self.second.view.alpha = 1 end })
  end, "touchUpInside")
  self.view:addSubview(swap)
end

function app.didFinishLaunching(window)
  window.rootViewController = Pages:new()
end

return app
