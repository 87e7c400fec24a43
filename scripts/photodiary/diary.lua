-- The diary: every entry, newest first, in a section per day, fed by fetched results that
-- keep it in step with the store (a save in the editor, an edit through the REPL). A search
-- bar over the list filters it; a swipe deletes an entry once an action sheet confirms it;
-- `+` writes a new one; a row opens the entry's pages (on an iPad, turns the detail's page).
local entries = require("entries")
local dates = require("dates")
local photos = require("photos")
local Editor = require("editor")
local EntryPages = require("pages")

local Diary = ui.TableViewController:extend("Diary")

--- A row: the icon, the first line of the text, and the time.
Diary.rowHeight = 48

function Diary:viewDidLoad()
  self.title = "Diary"
  self.query = self.query or ""
  local list = self.tableView
  list.rowHeight = Diary.rowHeight
  list:register("Entry", ui.TableViewCell, "subtitle")
  self.searchBar = ui.SearchBar:new{ placeholder = "Search", text = self.query }
  self.searchBar.delegate = self
  list.tableHeaderView = self.searchBar
  self.navigationItem.leftButton = self.editButtonItem
  self.navigationItem.rightButton = ui.BarButtonItem:new{ system = "add", target = self, action = "add" }
  self:fetch()
end

function Diary:viewWillAppear(animated)
  Diary.super.viewWillAppear(self, animated)
  if self.navigationController and not self.splitViewController then
    self.navigationController.toolbarHidden = true
  end
end

--- Binds results for the search text to the table: a new search makes new results.
function Diary:fetch()
  self.results = entries.results(self.context, self.query)
  self.results:bind(self.tableView, {
    cellForRow = function(tv, ip, entry) return self:cellFor(tv, ip, entry) end,
    commitDelete = function(tv, ip, entry) self:confirmDelete(entry) end,
  })
end

function Diary:cellFor(tv, ip, entry)
  local cell = tv:dequeue("Entry", ip)
  cell.textLabel.text = entries.firstLine(entry)
  cell.detailTextLabel.text = dates.time(entry.creationTime)
  cell.imageView.image = photos.fromData(entry.icon)
  cell.accessoryType = self.splitViewController and "none" or "disclosureIndicator"
  return cell
end

function Diary:didSelectRow(tv, ip)
  local entry = self.results:objectAt(ip)
  tv:deselectRow(ip)
  if self.detail then
    self:dismissPopover()
    self.detail:show(entry)
    return
  end
  self.navigationController:push(EntryPages:new{ context = self.context, entry = entry }, true)
end

--- The `+` button: the editor for a new entry, on the iPad's detail side when there is one.
function Diary:add()
  local editor = Editor:new{ context = self.context }
  if self.detail then
    self:dismissPopover()
    self.detail:edit(editor)
  else
    self.navigationController:push(editor, true)
  end
end

--- On an iPad in portrait the diary shows in a popover, which a choice in it closes.
function Diary:dismissPopover()
  local popover = self.splitViewController and self.splitViewController.popover
  if popover and popover.visible then popover:dismiss() end
end

--- Asks before deleting `entry`, as an action sheet.
function Diary:confirmDelete(entry)
  local sheet = ui.AlertController:new{ title = "Delete “" .. entries.firstLine(entry) .. "”?",
                                        message = "The entry and its photo are deleted.", style = "actionSheet" }
  sheet:addAction(ui.AlertAction:new{ title = "Delete Entry", style = "destructive", handler = function()
    self.context:delete(entry)
    self.context:save()
  end })
  sheet:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel" })
  self:present(sheet, true)
end

-- MARK: search bar

function Diary:textDidChange(bar, text)
  self.query = text
  self:fetch()
end

-- MARK: memory

--- Off screen, the view goes with the results bound to it; the search text stays, and
--- viewDidLoad fetches again when the diary comes back.
function Diary:didReceiveMemoryWarning()
  Diary.super.didReceiveMemoryWarning(self)
  if not self:isViewLoaded() then
    self.results = nil
    self.searchBar = nil
  end
end

return Diary
