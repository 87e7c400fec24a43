-- A list to edit: a table view controller with its edit button, whose rows are deleted
-- through commitDelete.
local app = { drinks = { "Coffee", "Tea", "Juice" } }

local Drinks = ui.TableViewController:extend("Drinks")

function Drinks:viewDidLoad()
  self.title = "Drinks"
  self.navigationItem.rightButton = self.editButtonItem
end

function Drinks:numberOfRows(tv, section) return #app.drinks end

function Drinks:cellForRow(tv, ip)
  local cell = tv:dequeue("drink", ip)
  cell.textLabel.text = app.drinks[ip.row]
  return cell
end

function Drinks:commitDelete(tv, ip)
  table.remove(app.drinks, ip.row)
  tv:deleteRows({ ip })
end

function app.didFinishLaunching(window)
  local drinks = Drinks:new{}
  drinks.tableView:register("drink", ui.TableViewCell)
  window.rootViewController = ui.NavigationController:new(drinks)
end

return app
