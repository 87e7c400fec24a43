-- The Lua cells figure's table: 100,000 rows whose data source is Lua (dequeue a cell, set
-- its text), in a window; returns the table and the window.
local window = ui.Window:new{}
window:makeKeyAndVisible()
local table = ui.TableView:new{ frame = { 0, 0, 320, 480 } }
window:addSubview(table)
table:register("Row", ui.TableViewCell)
table.dataSource = {
  numberOfRows = function(self, tv, section) return 100000 end,
  cellForRow = function(self, tv, ip)
    local cell = tv:dequeue("Row", ip)
    cell.textLabel.text = "Row " .. ip.row
    return cell
  end,
}
table:reloadData()
table:layoutIfNeeded()
return table, window
