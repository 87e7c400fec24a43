-- A journal built from the docs alone: a search bar over a sectioned table fed by fetched
-- results, a delete confirmed by an action sheet, an editor laid out by stacks with a date
-- picker, and a photo. No frame is worked out by hand.
local app = {}

local model = store.model{ Entry = { title = "string", day = "string", date = "double" } }

local Editor = ui.Controller:extend("JournalEditor")

function Editor:viewDidLoad()
  self.title = "New Entry"
  self.view.backgroundColor = "white"
  self.field = ui.TextField:new{ placeholder = "Title" }
  self.picker = ui.DatePicker:new{ mode = "date", date = loop.time() }
  self.photo = ui.ImageView:new{ image = ui.image("photo.jpg"), contentMode = "scaleAspectFit", accessibilityLabel = "Photo" }
  local form = ui.StackView:new{ axis = "vertical", spacing = 8, alignment = "fill",
                                 arrangedSubviews = { self.picker, self.field, self.photo, ui.View:new{} } }
  form.frame = self.view.bounds
  form.autoresizing = { "flexibleWidth", "flexibleHeight" }
  self.view:addSubview(form)
  self.navigationItem.rightButton = ui.BarButtonItem:new{ system = "save", target = self, action = "save" }
end

function Editor:save()
  local date = self.picker.date
  app.context:insert("Entry", { title = self.field.text, day = os.date("!%Y-%m-%d", date), date = date })
  app.context:save()
  self.navigationController:pop(true)
end

local Journal = ui.TableViewController:extend("Journal")

function Journal:viewDidLoad()
  self.title = "Journal"
  self.tableView:register("entry", ui.TableViewCell)
  local search = ui.SearchBar:new{ placeholder = "Search entries" }
  search.delegate = self
  self.tableView.tableHeaderView = search
  self.navigationItem.leftButton = self.editButtonItem
  self.navigationItem.rightButton = ui.BarButtonItem:new{ system = "add", target = self, action = "add" }
  self:fetch("")
end

--- Binds fresh results for `text` to the table: each search makes its own.
function Journal:fetch(text)
  local request = { entity = "Entry", sort = { "day", "title" }, sectionKey = "day" }
  if text ~= "" then
    request.where = "title CONTAINS[cd] %@"
    request.args = { text }
  end
  self.results = app.context:fetchedResults(request)
  self.results:performFetch()
  self.results:bind(self.tableView, {
    cellForRow = function(tv, ip, entry)
      local cell = tv:dequeue("entry", ip)
      cell.textLabel.text = entry.title
      return cell
    end,
    commitDelete = function(tv, ip, entry) self:confirmDelete(entry) end,
  })
end

function Journal:textDidChange(bar, text) self:fetch(text) end

function Journal:add() self.navigationController:push(Editor:new(), true) end

--- Asks before deleting `entry`, as an action sheet.
function Journal:confirmDelete(entry)
  local sheet = ui.AlertController:new{ title = "Delete “" .. entry.title .. "”?", style = "actionSheet" }
  sheet:addAction(ui.AlertAction:new{ title = "Delete Entry", style = "destructive", handler = function()
    app.context:delete(entry)
    app.context:save()
  end })
  sheet:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel" })
  self:present(sheet, true)
end

function app.didFinishLaunching(window)
  app.db = store.open(model)
  app.context = app.db.context
  for _, entry in ipairs{ { "Coffee", "2026-01-01" }, { "Tea", "2026-01-01" }, { "Juice", "2026-01-02" } } do
    app.context:insert("Entry", { title = entry[1], day = entry[2], date = 0 })
  end
  app.context:save()
  app.journal = Journal:new{}
  window.rootViewController = ui.NavigationController:new(app.journal)
end

return app
