-- A form of pickers for the pickers' suites: a picker of fruits and sizes, a date picker, and
-- a spinner with buttons that start and stop it. Labels show what was picked.
local fruits = { "Apple", "Banana", "Cherry", "Damson", "Elderberry", "Fig", "Grape" }
local sizes = { "S", "M", "L", "XL" }

local Form = ui.Controller:extend("Form")

function Form:viewDidLoad()
  self.title = "Form"
  self.picked = ui.Label:new{ frame = { 0, 0, 320, 16 }, text = "Picked: none" }
  self.view:addSubview(self.picked)

  self.picker = ui.PickerView:new{ frame = { 0, 16, 320, 160 } }
  self.picker.dataSource = self
  self.picker.delegate = self
  self.view:addSubview(self.picker)

  self.due = ui.DatePicker:new{ frame = { 0, 180, 320, 160 }, mode = "date" }
  self.due:addTarget(function(picker) self.dueLabel.text = "Due: " .. os.date("%Y-%m-%d", picker.date) end, "valueChanged")
  self.view:addSubview(self.due)
  self.dueLabel = ui.Label:new{ frame = { 0, 344, 320, 16 }, text = "Due: unset" }
  self.view:addSubview(self.dueLabel)

  self.spinner = ui.ActivityIndicator:new{ frame = { 150, 368, 20, 20 } }
  self.view:addSubview(self.spinner)
  self.spinner:startAnimating()
  local stop = ui.Button:new{ frame = { 40, 400, 100, 32 }, title = "Stop" }
  stop:addTarget(function() self.spinner:stopAnimating() end, "touchUpInside")
  self.view:addSubview(stop)
  local start = ui.Button:new{ frame = { 180, 400, 100, 32 }, title = "Start" }
  start:addTarget(function() self.spinner:startAnimating() end, "touchUpInside")
  self.view:addSubview(start)
end

-- The picker's data source and delegate: the controller itself, as in UIKit.
function Form:numberOfComponents(picker) return 2 end
function Form:numberOfRows(picker, component) return component == 1 and #fruits or #sizes end
function Form:titleForRow(picker, row, component) return component == 1 and fruits[row] or sizes[row] end
function Form:didSelectRow(picker, row, component)
  self.picked.text = "Picked: " .. fruits[picker:selectedRow(1)] .. " " .. sizes[picker:selectedRow(2)]
end

return {
  didFinishLaunching = function(window) window.rootViewController = Form:new{} end,
}
