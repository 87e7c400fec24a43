-- Controls: every control LuaScreens has, one family to a page, laid out by stack views
-- with no frame worked out by hand. The list is a table view controller whose header view
-- is a search bar; a row pushes its page.
local pages = require("pages")

local Controls = ui.TableViewController:extend("Controls")

function Controls:viewDidLoad()
  self.title = "Controls"
  self.shown = pages
  self.tableView:register("page", ui.TableViewCell)
  local search = ui.SearchBar:new{ placeholder = "Filter controls" }
  search.delegate = self
  self.tableView.tableHeaderView = search
  self.navigationItem.rightButton = ui.BarButtonItem:new{ system = "refresh", target = self, action = "reset" }
  self.toolbarItems = {
    ui.BarButtonItem:new{ system = "flexibleSpace" },
    ui.BarButtonItem:new{ title = #pages .. " pages", enabled = false },
    ui.BarButtonItem:new{ system = "flexibleSpace" },
  }
end

function Controls:numberOfRows() return #self.shown end

function Controls:cellForRow(tv, ip)
  local cell = tv:dequeue("page", ip)
  cell.textLabel.text = self.shown[ip.row].title
  cell.accessoryType = "disclosureIndicator"
  return cell
end

function Controls:didSelectRow(tv, ip)
  self.navigationController:push(self.shown[ip.row].make(), true)
end

--- The search bar's delegate: the pages whose title has the text.
function Controls:textDidChange(bar, text)
  self.shown = {}
  for _, page in ipairs(pages) do
    if text == "" or page.title:lower():find(text:lower(), 1, true) then self.shown[#self.shown + 1] = page end
  end
  self.tableView:reloadData()
end

--- The refresh button: every page again.
function Controls:reset()
  self.tableView.tableHeaderView.text = ""
  self:textDidChange(nil, "")
end

local app = {}

function app.didFinishLaunching(window)
  app.controls = Controls:new{}
  local navigation = ui.NavigationController:new(app.controls)
  navigation.toolbarHidden = false
  window.rootViewController = navigation
end

return app
