-- The serve figures' app: a full iPhone screen of rows (a name, a weight, an Edit button),
-- under a counter that counts each touch that begins on it, so that one touch changes one
-- label and nothing else.
local Rows = ui.Controller:extend("Rows")

local Counter = ui.Label:extend("Counter")

function Counter:touchesBegan(touches)
  self.count = (self.count or 0) + 1
  self.text = "count " .. self.count
end

local names = { "apples", "pears", "plums", "figs", "dates" }

function Rows:viewDidLoad()
  self.view.backgroundColor = "white"
  self.view:addSubview(Counter:new{ frame = { 8, 8, 304, 24 }, text = "count 0", userInteractionEnabled = true })
  for row = 0, 27 do
    local y = 40 + row * 16
    self.view:addSubview(ui.Label:new{ frame = { 8, y, 152, 16 }, text = ("Shelf %d · %s"):format(row + 1, names[row % 5 + 1]) })
    self.view:addSubview(ui.Label:new{ frame = { 160, y, 80, 16 }, text = ("%d kg"):format(row * 37 % 500), alignment = "right" })
    local edit = ui.Button:new{ frame = { 240, y, 80, 16 } }
    edit:setTitle("Edit", "normal")
    self.view:addSubview(edit)
  end
end

return {
  id = "serve-bench",
  didFinishLaunching = function(window)
    window.rootViewController = Rows:new()
  end,
}
