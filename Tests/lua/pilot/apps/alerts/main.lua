-- An app that asks before it acts: Delete confirms with an action sheet, Rename asks for a
-- name in an alert with a text field, Fail shows an alert whose action raises.
local app = { log = {} }

local Photo = ui.Controller:extend("Photo")

local function button(view, title, frame, action)
  local b = ui.Button:new{ title = title, frame = frame }
  b:addTarget(action, "touchUpInside")
  view:addSubview(b)
end

function Photo:viewDidLoad()
  self.title = "Photo"
  self.view.backgroundColor = "white"
  self.caption = ui.Label:new{ text = "The sea in May", frame = { 8, 64, 300, 16 } }
  self.view:addSubview(self.caption)
  button(self.view, "Delete", { 8, 96, 96, 32 }, function() self:confirmDelete() end)
  button(self.view, "Rename", { 112, 96, 96, 32 }, function() self:askName() end)
  button(self.view, "Fail", { 216, 96, 96, 32 }, function() self:failing() end)
end

function Photo:confirmDelete()
  local sheet = ui.AlertController:new{ title = "Delete the photo?", message = "It cannot be undone.",
                                        style = "actionSheet" }
  sheet:addAction(ui.AlertAction:new{ title = "Delete", style = "destructive", handler = function(action)
    app.log[#app.log + 1] = action.title
    self.caption.text = "Deleted"
  end })
  sheet:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel", handler = function(action)
    app.log[#app.log + 1] = action.title
  end })
  self:present(sheet, true)
end

function Photo:askName()
  local alert = ui.AlertController:new{ title = "Rename", message = "A new caption for the photo." }
  -- The handler keeps the field, not the alert: an alert its own handler holds is never freed.
  local field = alert:addTextField(function(f) f.placeholder = "Caption" end)
  alert:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel" })
  alert:addAction(ui.AlertAction:new{ title = "Save", handler = function() self.caption.text = field.text end })
  self:present(alert, true)
end

function Photo:failing()
  local alert = ui.AlertController:new{ title = "Try it" }
  alert:addAction(ui.AlertAction:new{ title = "Break", handler = function() error("the handler broke") end })
  self:present(alert, true)
end

function app.didFinishLaunching(window)
  app.photo = Photo:new()
  window.rootViewController = ui.NavigationController:new(app.photo)
end

return app
