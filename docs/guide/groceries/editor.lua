-- The editor of a new item: what and how many in a field ("3 pears"), read by the
-- quantity plugin; Save adds it to the store and goes back to the list, which follows.
local quantity = require("quantity")

local Editor = ui.Controller:extend("Editor")

function Editor:viewDidLoad()
  self.title = "New Item"
  self.view.backgroundColor = "white"
  self.field = ui.TextField:new{ placeholder = "What, and how many", autoresizing = { "flexibleWidth" } }
  self.field.frame = { 16, 16, self.view.bounds.width - 32, 32 }
  self.view:addSubview(self.field)
  self.navigationItem.rightButton = ui.BarButtonItem:new{ system = "save", target = self, action = "save" }
end

function Editor:save()
  local count, name = quantity.parse(self.field.text)
  if name then
    self.context:insert("Item", { name = name, count = count, added = loop.time() })
    self.context:save()
  end
  self.navigationController:pop(true)
end

return Editor
