-- One page of the diary: an entry's photo, its text and its date, laid out by a stack. It
-- shows the entry again when a save changes it, wherever the save came from.
local entries = require("entries")
local dates = require("dates")
local photos = require("photos")

local EntryPage = ui.Controller:extend("EntryPage")

function EntryPage:viewDidLoad()
  self.view.backgroundColor = "white"
  self.photoView = ui.ImageView:new{ contentMode = "scaleAspectFit", accessibilityLabel = "Photo" }
  self.textLabel = ui.Label:new{ lines = 0, lineBreakMode = "wordWrap" }
  self.dateLabel = ui.Label:new{ textColor = "gray" }
  local column = ui.StackView:new{
    axis = "vertical", spacing = 16, alignment = "fill",
    arrangedSubviews = { self.photoView, self.dateLabel, self.textLabel, ui.View:new{} },
  }
  local bounds = self.view.bounds
  column.frame = { 16, 16, bounds.width - 32, bounds.height - 32 }
  column.autoresizing = { "flexibleWidth", "flexibleHeight" }
  self.view:addSubview(column)
  self:showEntry()
end

--- Fills the page from the entry (an empty page says so).
function EntryPage:showEntry()
  local entry = self.entry
  if not entry or entry.isDeleted then
    self.photoView.hidden = true
    self.dateLabel.text = ""
    self.textLabel.text = "No entries yet. Tap + to write one."
    return
  end
  local medium = entries.photoMedium(entry)
  self.photoView.image = medium and photos.fromData(medium.data)
  self.photoView.hidden = medium == nil
  self.dateLabel.text = dates.long(entry.creationTime)
  self.textLabel.text = entry.text
end

--- Listens for saves while on screen: a save that updates the entry shows it again.
function EntryPage:viewWillAppear(animated)
  self:showEntry()
  self.observer = notify.observe(store.didSave, function(note)
    for _, updated in ipairs(note.userInfo.updated or {}) do
      if updated == self.entry then return self:showEntry() end
    end
  end)
end

function EntryPage:viewDidDisappear(animated)
  if self.observer then notify.remove(self.observer) end
  self.observer = nil
end

return EntryPage
