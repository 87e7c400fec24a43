-- The list of groceries, fed by fetched results: it follows the store as items are added
-- and deleted. + opens the editor; a swipe to the left, or Edit, deletes.
local List = ui.TableViewController:extend("List")

function List:viewDidLoad()
  self.title = "Groceries"
  self.tableView:register("Item", ui.TableViewCell, "value1")
  self.navigationItem.leftButton = self.editButtonItem
  self.navigationItem.rightButton = ui.BarButtonItem:new{ system = "add", target = self, action = "add" }
  self.results = self.context:fetchedResults{ entity = "Item", sort = { "name:i" } }
  self.results:performFetch()
  self.results:bind(self.tableView, {
    cellForRow = function(tv, ip, item)
      local cell = tv:dequeue("Item", ip)
      cell.textLabel.text = item.name
      cell.detailTextLabel.text = "× " .. item.count
      return cell
    end,
    commitDelete = function(tv, ip, item)
      self.context:delete(item)
      self.context:save()
    end,
  })
end

--- The + button: the editor (editor.lua), loaded when it is first needed.
function List:add()
  local Editor = require("editor")
  self.navigationController:push(Editor:new{ context = self.context }, true)
end

return List
