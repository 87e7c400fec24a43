-- LabelViewController: a page that shows its number and nothing else. The pages made are
-- recorded in `alive`, so that the suite can count the ones still alive.
local alive = require("alive")

local LabelViewController = ui.Controller:extend("LabelViewController")

--- Every page made, for counting the ones alive.
LabelViewController.alive = alive.new()

--- A new page controller for `number`.
function LabelViewController.withPageNumber(number)
  return LabelViewController.alive:track(LabelViewController:new{ pageNumber = number, title = "Page " .. number })
end

function LabelViewController:viewDidLoad()
  local bounds = self.view.bounds
  -- Odd pages are white, even pages the colour of old paper, so two pages side by side differ.
  self.view.backgroundColor = self.pageNumber % 2 == 1 and "white" or "#f6f1e3"
  self.view.borderWidth = 1
  self.label = ui.Label:new{ frame = { 0, math.floor(bounds.height / 2 / 16) * 16, bounds.width, 16 },
                             text = "Page " .. self.pageNumber, alignment = "center",
                             autoresizing = { "flexibleWidth", "flexibleTopMargin", "flexibleBottomMargin" } }
  self.view:addSubview(self.label)
end

--- Keeps the number on a text row of its own whatever size the spine gives the page.
function LabelViewController:viewDidLayoutSubviews()
  local bounds = self.view.bounds
  self.label.frame = { 0, math.floor(bounds.height / 2 / 16) * 16, bounds.width, 16 }
end

return LabelViewController
