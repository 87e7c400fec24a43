-- The controllers of the Container example: four panels in a 2×2 grid, and a
-- supernumerary controller raised over them. Every callback is written to `log`.
local segues = require("segues")

local controllers = { log = {} }

local function record(line)
  local log = controllers.log
  log[#log + 1] = line
end

--- Adds logging versions of the life-cycle callbacks to `cls`, naming the instance by `self.name`.
local function logCallbacks(cls)
  for _, name in ipairs{ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
    local inherited = cls[name]
    cls[name] = function(self, animated)
      record(self.name .. " " .. name .. "(" .. tostring(animated) .. ")")
      if inherited then inherited(self, animated) end
    end
  end
  function cls:willMoveToParent(parent)
    record(self.name .. " willMoveToParent(" .. (parent and parent.name or "nil") .. ")")
  end
  function cls:didMoveToParent(parent)
    record(self.name .. " didMoveToParent(" .. (parent and parent.name or "nil") .. ")")
  end
end

-- MARK: Panel

--- One of the four panels: a coloured view with its number.
local Panel = ui.Controller:extend("Panel")
controllers.Panel = Panel

local COLORS = { "#d9e8fb", "#fbe3d9", "#dcf5dc", "#f3e6f8" }

function Panel:viewDidLoad()
  record(self.name .. " viewDidLoad")
  self.view.backgroundColor = COLORS[self.number]
  self.view.borderWidth = 1
  self.label = ui.Label:new{ text = self.name, alignment = "center", autoresizing = { "flexibleWidth", "flexibleTopMargin", "flexibleBottomMargin" } }
  self.view:addSubview(self.label)
end

function Panel:viewDidLayoutSubviews()
  local bounds = self.view.bounds
  self.label.frame = { 0, math.floor(bounds.height / 2 / 16) * 16, bounds.width, 16 }
end

logCallbacks(Panel)

-- MARK: Supernumerary

--- The controller the Raise button shows over the panels; Close takes it away.
local Supernumerary = ui.Controller:extend("Supernumerary")
controllers.Supernumerary = Supernumerary

function Supernumerary:viewDidLoad()
  self.name = self.name or "Supernumerary"
  record(self.name .. " viewDidLoad")
  self.view.backgroundColor = "white"
  self.view.borderWidth = 2
  local width = self.view.bounds.width
  self.label = ui.Label:new{ frame = { 0, 16, width, 16 }, text = "Supernumerary", alignment = "center",
                             autoresizing = { "flexibleWidth" } }
  self.closeButton = ui.Button:new{ frame = { width / 2 - 44, 64, 88, 16 },
                                    autoresizing = { "flexibleLeftMargin", "flexibleRightMargin" } }
  self.closeButton:setTitle("Close", "normal")
  self.closeButton:addTarget(self, "close", "touchUpInside")
  self.view:addSubview(self.label)
  self.view:addSubview(self.closeButton)
end

--- A ShrinkingSegue made in code, from this controller to its parent. The action of Close,
--- whose button holds this controller weakly as its target.
function Supernumerary:close(sender)
  ui.Segue:new{ source = self, destination = self.parent, perform = segues.shrinking }:perform()
end

logCallbacks(Supernumerary)

-- MARK: Container

--- Shows four panels in a 2×2 grid laid out in viewDidLayoutSubviews, and raises a
--- Supernumerary with the RaisingSegue.
local Container = ui.Controller:extend("Container")
controllers.Container = Container

ui.segue{ id = "raise", from = Container, to = function() return Supernumerary:new{ name = "Supernumerary" } end,
          kind = "custom", perform = segues.raising }

function Container:viewDidLoad()
  self.name = "Container"
  record("Container viewDidLoad")
  local bounds = self.view.bounds
  self.view.backgroundColor = "white"
  self.titleLabel = ui.Label:new{ frame = { 0, 0, bounds.width, 16 }, text = "Container", alignment = "center",
                                  autoresizing = { "flexibleWidth" } }
  self.containerView = ui.View:new{ frame = { 0, 16, bounds.width, bounds.height - 48 },
                                    autoresizing = { "flexibleWidth", "flexibleHeight" } }
  self.raiseButton = ui.Button:new{ frame = { bounds.width / 2 - 44, bounds.height - 24, 88, 16 },
                                    autoresizing = { "flexibleLeftMargin", "flexibleRightMargin", "flexibleTopMargin" } }
  self.raiseButton:setTitle("Raise", "normal")
  self.raiseButton:addTarget(self, "raise", "touchUpInside")
  for _, view in ipairs{ self.titleLabel, self.containerView, self.raiseButton } do
    self.view:addSubview(view)
  end
  -- The panels this controller manages itself; `children` also holds a raised controller.
  self.viewControllers = {}
  for number = 1, 4 do
    local panel = Panel:new{ name = "Panel " .. number, number = number }
    self:addChild(panel)
    self.containerView:addSubview(panel.view)
    panel:didMoveToParent(self)
    self.viewControllers[number] = panel
  end
end

--- The panels share the container view in two rows and two columns.
function Container:viewDidLayoutSubviews()
  record("Container viewDidLayoutSubviews")
  local bounds = self.containerView.bounds
  local width, height = bounds.width / 2, bounds.height / 2
  for index, panel in ipairs(self.viewControllers) do
    local column, row = (index - 1) % 2, (index - 1) // 2
    panel.view.frame = { column * width, row * height, width, height }
  end
end

--- The action of Raise: the RaisingSegue registered above.
function Container:raise(sender)
  self:performSegue("raise", sender)
end

function Container:prepareForSegue(segue, sender)
  record("Container prepareForSegue(" .. segue.identifier .. ")")
end

logCallbacks(Container)

return controllers
