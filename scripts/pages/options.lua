-- An options screen for trying a page view controller's settings (animation, orientation,
-- spine location, double-sided pages, direction) and a book of numbered pages made from
-- them. The options controller is the book's data source and delegate, and records every
-- time it is asked for a page in `pulls`.
local Book = require("book")
local LabelViewController = require("label")
local alive = require("alive")

local Options = ui.Controller:extend("Options")

--- The number of the book's last page.
Options.pageCount = 24

--- Every book made, for counting the ones alive.
Options.books = alive.new()

--- One row per setting: the segments shown and the value each stands for.
local CHOICES = {
  { key = "animation", title = "Animation", segments = { "Curl", "Scroll" }, values = { "pageCurl", "scroll" } },
  { key = "orientation", title = "Orientation", segments = { "Horiz.", "Vertical" }, values = { "horizontal", "vertical" } },
  { key = "spine", title = "Spine", segments = { "Min", "Mid", "Max" }, values = { "min", "mid", "max" } },
  { key = "doubleSided", title = "Double-sided", segments = { "No", "Yes" }, values = { false, true } },
  { key = "direction", title = "Direction", segments = { "Forward", "Reverse" }, values = { "forward", "reverse" } },
}

-- Rows 32 points apart, each on a line of the text render (16 points a line, and the
-- navigation bar 44 points tall), so that a click in the terminal lands where it is drawn.
local ROW = 32
local TOP = 20

function Options:viewDidLoad()
  self.title = "Page"
  self.pulls = {}
  self.view.backgroundColor = "white"
  local width = self.view.bounds.width
  -- The settings in two columns a row apart, their titles and their segments: the titles'
  -- column as wide as the longest, the segments' taking the rest of the width.
  local titles = ui.StackView:new{ axis = "vertical", spacing = ROW - 16 }
  local segments = ui.StackView:new{ axis = "vertical", spacing = ROW - 16 }
  self.controls = {}
  for _, choice in ipairs(CHOICES) do
    titles:addArrangedSubview(ui.Label:new{ text = choice.title })
    local control = ui.SegmentedControl:new{ segments = choice.segments }
    control.selectedIndex = 1
    segments:addArrangedSubview(control)
    self.controls[choice.key] = control
  end
  local settings = ui.StackView:new{ spacing = 16, arrangedSubviews = { titles, segments } }
  settings.frame = { 8, TOP, width - 16, settings.intrinsicContentSize.height }
  settings.autoresizing = { "flexibleWidth" }
  self.view:addSubview(settings)
  -- A row under them: the switch at the right edge, its title taking the rest.
  local y = TOP + #CHOICES * ROW
  self.updateLocationSwitch = ui.Switch:new{}
  self.view:addSubview(ui.StackView:new{
    frame = { 8, y, width - 8, 16 }, autoresizing = { "flexibleWidth" },
    arrangedSubviews = { ui.Label:new{ text = "Update spine location on rotation" }, self.updateLocationSwitch },
  })

  self.showButton = ui.Button:new{ frame = { width / 2 - 56, y + 2 * ROW, 112, 16 },
                                   autoresizing = { "flexibleLeftMargin", "flexibleRightMargin" } }
  self.showButton:setTitle("Show pages", "normal")
  self.showButton:addTarget(self, "showPages", "touchUpInside")
  self.view:addSubview(self.showButton)
  -- Why the last "Show pages" made no book, in the page view controller's words.
  self.messageLabel = ui.Label:new{ frame = { 8, y + 3 * ROW, width - 16, 64 }, lines = 4, lineBreakMode = "wordWrap",
                                    autoresizing = { "flexibleWidth" } }
  self.view:addSubview(self.messageLabel)
end

--- Leaving the book hides its toolbar.
function Options:viewWillAppear(animated)
  if self.navigationController then self.navigationController.toolbarHidden = true end
end

--- The value of a setting's selected segment.
function Options:selected(key)
  for _, choice in ipairs(CHOICES) do
    if choice.key == key then return choice.values[self.controls[key].selectedIndex] end
  end
  error("no setting named " .. key, 2)
end

--- Selects a setting's segment by its value, as a tap on it would.
function Options:select(key, value)
  for _, choice in ipairs(CHOICES) do
    if choice.key == key then
      for index, candidate in ipairs(choice.values) do
        if candidate == value then
          self.controls[key].selectedIndex = index
          return
        end
      end
    end
  end
  error("no value " .. tostring(value) .. " for setting " .. key, 2)
end

--- With the switch on, the mid spine gives way to min when the screen's orientation does
--- not suit the pages' (two pages side by side need a landscape screen, two above each
--- other a portrait one).
function Options:spineLocationForOrientation(orientation)
  local location = self:selected("spine")
  if self.updateLocationSwitch.on and location == "mid"
      and (orientation == "landscape") ~= (self:selected("orientation") == "horizontal") then
    location = "min"
  end
  return location
end

--- As many pages as `location` takes (2 at mid, else 1), from the page `pages` shows now.
function Options:viewControllersForSpineLocation(location, pages)
  local shown = pages and pages.viewControllers[1]
  local first = shown and shown.pageNumber or 1
  if location ~= "mid" then return { LabelViewController.withPageNumber(first) } end
  first = math.min(first, Options.pageCount - 1)
  return { LabelViewController.withPageNumber(first), LabelViewController.withPageNumber(first + 1) }
end

--- A page view controller with the selected settings, pushed with Previous and Next in the
--- toolbar. Settings it refuses leave a message instead. The action of "Show pages".
function Options:showPages(sender)
  local orientation = self.view.window and self.view.window.orientation or "portrait"
  local location = self:spineLocationForOrientation(orientation)
  local made, pages = pcall(Book.new, Book, {
    transitionStyle = self:selected("animation"),
    orientation = self:selected("orientation"),
    spineLocation = location,
    -- Mid needs double-sided pages; a switch to mid on rotation needs them from the start.
    doubleSided = self:selected("doubleSided") or self:selected("spine") == "mid",
  })
  if not made then
    self.messageLabel.text = tostring(pages):gsub("^[^:]*:%d+: ", "")
    return false
  end
  self.messageLabel.text = ""
  pages.title = "Book"
  pages.dataSource = self
  pages.delegate = self
  pages:setViewControllers(self:viewControllersForSpineLocation(location), self:selected("direction"), true)
  -- The book is the target of its own buttons, held weakly as UIKit holds targets: an action
  -- function capturing the book would keep it alive after it is popped.
  pages.toolbarItems = {
    ui.BarButtonItem:new{ title = "Previous", target = pages, action = "previousPage" },
    ui.BarButtonItem:new{ title = "Next", target = pages, action = "nextPage" },
  }
  Options.books:track(pages)
  self.navigationController:push(pages, true)
  self.navigationController.toolbarHidden = false
  return true
end

-- MARK: The data source

function Options:pageBefore(pages, page)
  self.pulls[#self.pulls + 1] = "before " .. page.pageNumber
  if page.pageNumber <= 1 then return nil end
  return LabelViewController.withPageNumber(page.pageNumber - 1)
end

function Options:pageAfter(pages, page)
  self.pulls[#self.pulls + 1] = "after " .. page.pageNumber
  if page.pageNumber >= Options.pageCount then return nil end
  return LabelViewController.withPageNumber(page.pageNumber + 1)
end

-- MARK: The delegate

function Options:spineLocationFor(pages, orientation)
  local location = self:spineLocationForOrientation(orientation)
  -- Pages cannot be set while one turns: the book keeps its spine until the next rotation.
  if self.updateLocationSwitch.on and not pages.transitioning then
    pages:setViewControllers(self:viewControllersForSpineLocation(location, pages), self:selected("direction"), true)
  end
  return location
end

return Options
