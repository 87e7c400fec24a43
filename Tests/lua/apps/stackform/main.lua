-- A form laid out by stack views only: a title, a row of a label and a field, a row of a
-- label and a switch, and a row of two buttons; no frame is worked out by hand.
local app = {}

local Form = ui.Controller:extend("Form")

function Form:viewDidLoad()
  local view = self.view
  view.backgroundColor = "white"
  self.status = ui.Label:new{ text = "Not saved", alignment = "center" }
  self.field = ui.TextField:new{ placeholder = "Your name" }
  self.toggle = ui.Switch:new{}
  local save = ui.Button:new{ title = "Save" }
  save:addTarget(function() self.status.text = "Saved " .. self.field.text end, "touchUpInside")
  local clear = ui.Button:new{ title = "Clear" }
  clear:addTarget(function() self.field.text = "" end, "touchUpInside")
  self.form = ui.StackView:new{
    frame = view.bounds, autoresizing = { "flexibleWidth", "flexibleHeight" },
    axis = "vertical", spacing = 16, distribution = "equalSpacing",
    arrangedSubviews = {
      ui.Label:new{ text = "Profile", alignment = "center" },
      ui.StackView:new{ spacing = 8, arrangedSubviews = { ui.Label:new{ text = "Name" }, self.field } },
      ui.StackView:new{ spacing = 8, arrangedSubviews = { ui.Label:new{ text = "Public" }, self.toggle } },
      ui.StackView:new{ spacing = 16, distribution = "fillEqually", arrangedSubviews = { save, clear } },
      self.status,
    },
  }
  view:addSubview(self.form)
  app.form = self
end

function app.didFinishLaunching(window)
  window.rootViewController = Form:new{}
end

return app
