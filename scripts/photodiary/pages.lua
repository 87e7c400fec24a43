-- The entries as a book: a page view controller that leafs through them in the diary's
-- order (the page before is the newer entry, the page after the older), each page an
-- EntryPage; the toolbar counts the entries, the bar's Edit button edits the one shown. On
-- an iPad it is the split view's detail, and the diary turns its page.
local entries = require("entries")
local dates = require("dates")
local EntryPage = require("entrypage")
local Editor = require("editor")

local EntryPages = ui.PageViewController:extend("EntryPages")

function EntryPages:viewDidLoad()
  self.results = entries.results(self.context)
  self.results.delegate = self
  self.dataSource = self
  self.delegate = self
  self.entry = self.entry or self.results:numberOfSections() > 0 and self.results:objectAt(ui.indexPath(1, 1)) or nil
  self.countItem = ui.BarButtonItem:new{ title = "", enabled = false }
  self.toolbarItems = { ui.BarButtonItem:new{ system = "flexibleSpace" }, self.countItem,
                        ui.BarButtonItem:new{ system = "flexibleSpace" } }
  -- "Edit Entry": on an iPad the diary's Edit button is on screen too.
  self.editButton = ui.BarButtonItem:new{ title = "Edit", accessibilityLabel = "Edit Entry", target = self, action = "editEntry" }
  self.navigationItem.rightButton = self.editButton
  self:setViewControllers({ EntryPage:new{ entry = self.entry } }, "forward", false)
  self:update()
end

function EntryPages:viewWillAppear(animated)
  EntryPages.super.viewWillAppear(self, animated)
  self.navigationController.toolbarHidden = false
end

--- The entry on the page shown, or nil when there is none.
function EntryPages:shownEntry()
  local page = self.viewControllers[1]
  return page and page.entry
end

--- The title, the count and the Edit button for the page shown.
function EntryPages:update()
  local entry = self:shownEntry()
  self.entry = entry
  local count = entries.count(self.results)
  local position = entry and entries.position(self.results, entry)
  self.title = entry and dates.short(entry.creationTime) or "Diary"
  self.countItem.title = position and ("%d of %d"):format(position, count)
    or (count == 1 and "1 entry" or count .. " entries")
  self.editButton.enabled = entry ~= nil
end

--- Turns to `entry`, forward or back as it lies from the page shown; while a page is
--- still turning, once it has turned.
function EntryPages:show(entry)
  if self.transitioning then
    self.nextEntry = entry
    return
  end
  local shown = self:shownEntry()
  if shown == entry then return end
  local from = shown and entries.position(self.results, shown) or 0
  local to = entries.position(self.results, entry) or 0
  self:setViewControllers({ EntryPage:new{ entry = entry } }, to >= from and "forward" or "reverse", true,
    function() self:turned() end)
  self:update()
end

--- A turn ended: the entry asked for meanwhile gets its page.
function EntryPages:turned()
  local entry = self.nextEntry
  self.nextEntry = nil
  if entry then self:show(entry) end
end

--- The Edit button: the editor for the entry shown.
function EntryPages:editEntry()
  local entry = self:shownEntry()
  if entry then self:edit(Editor:new{ context = self.context, entry = entry }) end
end

--- Pushes `editor` over the pages.
function EntryPages:edit(editor)
  self.navigationController:push(editor, true)
end

-- MARK: data source and delegate

function EntryPages:pageBefore(pvc, page)
  local entry = page.entry and entries.neighbour(self.results, page.entry, -1)
  return entry and EntryPage:new{ entry = entry }
end

function EntryPages:pageAfter(pvc, page)
  local entry = page.entry and entries.neighbour(self.results, page.entry, 1)
  return entry and EntryPage:new{ entry = entry }
end

function EntryPages:didFinishAnimating(pvc, finished, previous, completed)
  if completed then self:update() end
  self:turned()
end

-- MARK: results

--- Where the entry shown was before a change deleted it: the page goes to the entry now there.
function EntryPages:didChangeObject(results, entry, ip, change, newIp)
  if change == "delete" and entry == self:shownEntry() then self.deletedAt = ip end
end

function EntryPages:didChangeContent(results)
  local at = self.deletedAt
  self.deletedAt = nil
  if at and not self.transitioning then
    local sections = results:numberOfSections()
    local entry
    if sections > 0 then
      local section = math.min(at.section, sections)
      local row = math.min(at.section == section and at.row or math.huge, results:numberOfRows(section))
      entry = results:objectAt(ui.indexPath(section, row))
    end
    self.viewControllers = { EntryPage:new{ entry = entry } }
  end
  self:update()
end

-- MARK: restoration

--- A reload makes the pages again on the app's context.
function EntryPages:newForRestoration(coder)
  return EntryPages:new{ context = entries.context }
end

--- A reload shows the same entry: its object ID names it in the new app.
function EntryPages:encodeRestorableState(coder)
  local entry = self:shownEntry()
  coder.entry = entry and entry.objectID
end

function EntryPages:decodeRestorableState(coder)
  local entry = coder.entry and self.context:objectWithID(coder.entry)
  if entry then
    self.entry = entry
    if self:isViewLoaded() then self:show(entry) end
  end
end

return EntryPages
