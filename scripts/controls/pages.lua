-- The pages of the Controls app: each a controller whose view is one vertical stack of
-- rows, each row a label beside its control (a horizontal stack).
local Page = ui.Controller:extend("ControlsPage")

function Page:viewDidLoad()
  self.view.backgroundColor = "white"
  self.column = ui.StackView:new{ axis = "vertical", spacing = 16, alignment = "fill" }
  self.column.frame = { 16, 16, self.view.bounds.width - 32, self.view.bounds.height - 32 }
  self.column.autoresizing = { "flexibleWidth", "flexibleHeight" }
  self.view:addSubview(self.column)
  self:fill()
  -- What is left below the rows: an empty view takes it.
  self.column:addArrangedSubview(ui.View:new{})
end

--- Adds a row: `title` on the left, `control` on the right.
function Page:row(title, control)
  local row = ui.StackView:new{ axis = "horizontal", spacing = 8, alignment = "center",
                                arrangedSubviews = { ui.Label:new{ text = title }, control } }
  self.column:addArrangedSubview(row)
  return control
end

--- Shows `text` in the page's status line (made on first use).
function Page:say(text)
  if not self.status then
    self.status = ui.Label:new{ text = "", textColor = "systemGray" }
    self.column:insertArrangedSubview(self.status, 1)
  end
  self.status.text = text
end

local pages = {}

local function page(title, fill)
  local Kind = Page:extend(title:gsub("%W", "") .. "Page")
  Kind.fill = fill
  pages[#pages + 1] = { title = title, make = function()
    local made = Kind:new{}
    made.title = title
    return made
  end }
end

page("Buttons and switches", function(self)
  local button = self:row("Button", ui.Button:new{ title = "Tap me" })
  button:addTarget(function() self:say("Button tapped") end, "touchUpInside")
  local switch = self:row("Switch", ui.Switch:new{ on = true })
  switch:addTarget(function(sender) self:say(sender.on and "Switch on" or "Switch off") end, "valueChanged")
  local segments = self:row("Segments", ui.SegmentedControl:new{ segments = { "Day", "Week", "Month" } })
  segments:addTarget(function(sender) self:say("Segment " .. sender.selectedIndex) end, "valueChanged")
  self:row("Field", ui.TextField:new{ placeholder = "Type here" })
end)

page("Values", function(self)
  self.progress = ui.ProgressView:new{ progress = 0.25 }
  self.slider = self:row("Slider", ui.Slider:new{ minimumValue = 0, maximumValue = 1, value = 0.25 })
  self.slider:addTarget(function(sender) self.progress.progress = sender.value end, "valueChanged")
  self:row("Progress", self.progress)
  local stepper = self:row("Stepper", ui.Stepper:new{ minimumValue = 0, maximumValue = 10, value = 3 })
  stepper:addTarget(function(sender) self:say("Stepper " .. math.floor(sender.value)) end, "valueChanged")
  self:row("Pages", ui.PageControl:new{ numberOfPages = 4, currentPage = 2 })
end)

page("Pickers", function(self)
  local fruits = { "Apple", "Banana", "Cherry", "Damson", "Elderberry" }
  local picker = ui.PickerView:new{}
  picker.dataSource = {
    numberOfComponents = function() return 1 end,
    numberOfRows = function() return #fruits end,
  }
  picker.delegate = {
    titleForRow = function(_, p, row) return fruits[row] end,
    didSelectRow = function(_, p, row) self:say("Picked " .. fruits[row]) end,
  }
  self.column:addArrangedSubview(picker)
  local date = ui.DatePicker:new{ mode = "date", date = loop.time() }
  date:addTarget(function(sender) self:say("Date " .. os.date("%Y-%m-%d", sender.date)) end, "valueChanged")
  self.column:addArrangedSubview(date)
end)

page("Alerts", function(self)
  local alert = self:row("Alert", ui.Button:new{ title = "Rename" })
  alert:addTarget(function()
    local rename = ui.AlertController:new{ title = "Rename", message = "A new name for the entry", style = "alert" }
    rename:addTextField(function(field) field.placeholder = "Name" end)
    rename:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel" })
    rename:addAction(ui.AlertAction:new{ title = "Save", handler = function()
      self:say("Saved " .. rename.textFields[1].text)
    end })
    self:present(rename, true)
  end, "touchUpInside")
  local sheet = self:row("Action sheet", ui.Button:new{ title = "Delete" })
  sheet:addTarget(function()
    local confirm = ui.AlertController:new{ title = "Delete the entry?", style = "actionSheet" }
    confirm:addAction(ui.AlertAction:new{ title = "Delete Entry", style = "destructive", handler = function()
      self:say("Deleted")
    end })
    confirm:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel" })
    self:present(confirm, true)
  end, "touchUpInside")
end)

page("Images", function(self)
  local photo = ui.image("photo.jpg")
  self:row("Size", ui.Label:new{ text = ("%d × %d"):format(photo.size.width, photo.size.height) })
  local view = ui.ImageView:new{ image = photo, contentMode = "scaleAspectFit", accessibilityLabel = "A photo" }
  self.column:addArrangedSubview(view)
  local modes = self:row("Mode", ui.SegmentedControl:new{ segments = { "Fit", "Fill", "Stretch" } })
  modes:addTarget(function(sender)
    view.contentMode = ({ "scaleAspectFit", "scaleAspectFill", "scaleToFill" })[sender.selectedIndex]
    view.clipsToBounds = true
  end, "valueChanged")
end)

page("Activity", function(self)
  local spinner = self:row("Spinner", ui.ActivityIndicator:new{ hidesWhenStopped = false })
  local toggle = self:row("Spin", ui.Switch:new{ on = false })
  toggle:addTarget(function(sender)
    if sender.on then spinner:startAnimating() else spinner:stopAnimating() end
  end, "valueChanged")
end)

return pages
