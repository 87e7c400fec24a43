-- A first screen: a list of groceries in a table view controller, under a navigation bar.
local List = ui.TableViewController:extend("List")

function List:viewDidLoad()
  self.title = "Groceries"
  self.names = { "Apples", "Bread", "Coffee" }
  self.tableView:register("Item", ui.TableViewCell)
end

function List:numberOfRows(tv, section)
  return #self.names
end

function List:cellForRow(tv, ip)
  local cell = tv:dequeue("Item", ip)
  cell.textLabel.text = self.names[ip.row]
  return cell
end

local app = {}

function app.didFinishLaunching(window)
  window.rootViewController = ui.NavigationController:new(List:new())
end

return app
