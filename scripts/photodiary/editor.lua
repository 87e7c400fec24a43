-- The editor of an entry, new or kept: its text in a field, its date on a date picker, and a
-- photo chosen from the app's pictures, laid out by a stack. Save writes it to the store;
-- Cancel leaves, asking first when something was changed.
local entries = require("entries")
local photos = require("photos")
local PhotoPicker = require("photopicker")

--- The photo in the form: a thumbnail's size, whatever the photo's.
local Thumbnail = ui.ImageView:extend("Thumbnail")

function Thumbnail:intrinsicContentSize()
  return { width = 96, height = 72 }
end

local Editor = ui.Controller:extend("Editor")

function Editor:viewDidLoad()
  local entry = self.entry
  self.title = entry and "Edit Entry" or "New Entry"
  self.view.backgroundColor = "white"
  -- What the entry holds now, to tell a change from none.
  local medium = entry and entries.photoMedium(entry)
  self.original = {
    text = entry and entry.text or "",
    date = entry and entry.creationTime or loop.time(),
    photo = medium and medium.data,
  }
  self.field = ui.TextField:new{ placeholder = "What happened?", text = self.draftText or self.original.text }
  self.field:addTarget(self, "textChanged", "editingChanged")
  self.picker = ui.DatePicker:new{ mode = "dateAndTime", date = self.original.date }
  -- The picker shows whole minutes: what it shows first is no change.
  self.original.pickedDate = self.picker.date
  if self.draftDate then self.picker.date = self.draftDate end
  self.picker:addTarget(self, "dateChanged", "valueChanged")
  self.photoView = Thumbnail:new{ contentMode = "scaleAspectFill", clipsToBounds = true, accessibilityLabel = "Photo" }
  self.photoButton = ui.Button:new{}
  self.photoButton:addTarget(self, "choosePhoto", "touchUpInside")
  local photoRow = ui.StackView:new{ axis = "horizontal", spacing = 16, alignment = "center",
                                     arrangedSubviews = { self.photoView, self.photoButton, ui.View:new{} } }
  local form = ui.StackView:new{
    axis = "vertical", spacing = 16, alignment = "fill",
    arrangedSubviews = { self.field, self.picker, photoRow, ui.View:new{} },
  }
  local bounds = self.view.bounds
  form.frame = { 8, 16, bounds.width - 16, bounds.height - 16 }
  form.autoresizing = { "flexibleWidth", "flexibleHeight" }
  self.view:addSubview(form)
  self:showPhoto()
  self.navigationItem.leftButton = ui.BarButtonItem:new{ system = "cancel", target = self, action = "cancel" }
  self.saveButton = ui.BarButtonItem:new{ system = "save", target = self, action = "save" }
  self.navigationItem.rightButton = self.saveButton
  self:textChanged()
end

--- The photo shown: the one chosen here (`chosenPhoto`, a picture's name), else the entry's.
function Editor:photoImage()
  if self.chosenPhoto then return photos.image(self.chosenPhoto) end
  return photos.fromData(self.original.photo)
end

--- Shows the photo, or only the button that chooses one.
function Editor:showPhoto()
  local image = self:photoImage()
  self.photoView.image = image
  self.photoView.hidden = image == nil
  self.photoButton:setTitle(image and "Change Photo" or "Choose Photo", "normal")
end

--- An entry needs some text: Save waits for it. The draft is the controller's, so that it
--- outlives the view (a memory warning while the photos cover the editor lets it go).
function Editor:textChanged()
  self.draftText = self.field.text
  self.saveButton.enabled = self.field.text:find("%S") ~= nil
end

function Editor:dateChanged()
  self.draftDate = self.picker.date
end

--- Whether anything differs from what the entry holds.
function Editor:hasChanges()
  local original = self.original
  return self.field.text ~= original.text or self.picker.date ~= original.pickedDate or self.chosenPhoto ~= nil
end

--- Presents the pictures to choose from; the picker tells `didPickPhoto`.
function Editor:choosePhoto()
  self.field:endEditing()
  local picker = PhotoPicker:new{ chosen = self.chosenPhoto }
  picker.delegate = self
  self:present(ui.NavigationController:new(picker), true)
end

--- The picker's delegate: `name` was chosen (nil: the picker was cancelled).
function Editor:didPickPhoto(picker, name)
  if name then
    self.chosenPhoto = name
    self:showPhoto()
  end
  self:dismiss(true)
end

function Editor:save()
  local context, entry = self.context, self.entry
  local text = self.field.text
  -- The date as it was, to the second, unless the picker changed it.
  local date = self.picker.date ~= self.original.pickedDate and self.picker.date or self.original.date
  if not entry then
    entry = entries.insert(context, text, date)
  else
    entry.text = text
    entry.creationTime = date
  end
  entry.updateTime = loop.time()
  if self.chosenPhoto then entries.setPhoto(context, entry, self.chosenPhoto) end
  context:save()
  self.navigationController:pop(true)
end

--- Leaves, once an alert has asked when there are changes to lose.
function Editor:cancel()
  if not self:hasChanges() then
    self.navigationController:pop(true)
    return
  end
  local alert = ui.AlertController:new{ title = "Discard Changes?", message = "What you changed in this entry is lost.",
                                        style = "alert" }
  alert:addAction(ui.AlertAction:new{ title = "Keep Editing", style = "cancel" })
  alert:addAction(ui.AlertAction:new{ title = "Discard", style = "destructive", handler = function()
    self.navigationController:pop(true)
  end })
  self:present(alert, true)
end

-- MARK: restoration

--- A reload makes the editor again on the app's context.
function Editor:newForRestoration(coder)
  return Editor:new{ context = entries.context }
end

--- A reload keeps the entry edited and what was typed and picked so far.
function Editor:encodeRestorableState(coder)
  coder.entry = self.entry and self.entry.objectID
  coder.text = self.field and self.field.text
  coder.date = self.picker and self.picker.date
  coder.changedDate = self.picker ~= nil and self.picker.date ~= self.original.pickedDate
  coder.photo = self.chosenPhoto
end

function Editor:decodeRestorableState(coder)
  self.entry = coder.entry and self.context:objectWithID(coder.entry)
  self.draftText, self.chosenPhoto = coder.text, coder.photo
  -- A date the picker did not change is the entry's own, to the second.
  if coder.changedDate then self.draftDate = coder.date end
end

return Editor
