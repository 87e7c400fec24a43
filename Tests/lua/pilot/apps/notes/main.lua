-- Notes kept in the app's store: a welcome note is written on the first launch only; a list
-- of notes, with the words of all of them in its toolbar, pushes a note's page, which keeps
-- the note it shows (by its object ID) across a reload.
local app = {}

local model = store.model{ Note = { title = "string", body = "string", words = "integer" } }

local Page = ui.Controller:extend("NotePage")

function Page:viewDidLoad()
  self.view.backgroundColor = "white"
  self.body = ui.Label:new{ frame = { 8, 80, 304, 20 } }
  self.view:addSubview(self.body)
  self:show()
end

function Page:show()
  if not (self.note and self:isViewLoaded()) then return end
  self.title = self.note.title
  self.body.text = self.note.body
end

function Page:encodeRestorableState(coder) coder.note = self.note.objectID end

function Page:decodeRestorableState(coder)
  self.note = app.context:objectWithID(coder.note)
  self:show()
end

local List = ui.TableViewController:extend("NoteList")

function List:viewDidLoad()
  self.title = "Notes"
  self.tableView:register("note", ui.TableViewCell)
  self.notes = app.context:fetch{ entity = "Note", sort = { "title", "-body" } }
  local words = app.context:aggregate{ entity = "Note", fn = "sum", key = "words" }
  self.toolbarItems = { ui.BarButtonItem:new{ title = words .. " words" } }
  self.navigationController.toolbarHidden = false
end

function List:numberOfRows() return #self.notes end

function List:cellForRow(tv, ip)
  local cell = tv:dequeue("note", ip)
  cell.textLabel.text = self.notes[ip.row].title
  return cell
end

function List:didSelectRow(tv, ip)
  local page = Page:new()
  page.note = self.notes[ip.row]
  self.navigationController:push(page, true)
end

function app.didFinishLaunching(window)
  app.db = store.open(model)
  app.context = app.db.context
  if app.context:count{ entity = "Note" } == 0 then
    app.context:insert("Note", { title = "Welcome", body = "Written on the first launch", words = 4 })
    app.context:save()
    app.seeded = true
  end
  window.rootViewController = ui.NavigationController:new{ root = List:new() }
end

return app
