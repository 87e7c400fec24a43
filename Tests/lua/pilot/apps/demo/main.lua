-- The pilot's test app: a navigation stack with a home screen of buttons, a label, a text
-- field, gestures, a list, and ways to keep the loop busy or raise errors.
local counter = require("counter")

local app = { counter = counter }

local Detail = ui.Controller:extend("Detail")

function Detail:viewDidLoad()
  self.title = "Detail"
  local label = ui.Label:new{ text = "The detail", frame = { 0, 100, 320, 20 }, alignment = "center" }
  self.view:addSubview(label)
end

local Modal = ui.Controller:extend("Modal")

function Modal:viewDidLoad()
  self.view.backgroundColor = "white"
  local close = ui.Button:new{ title = "Close", frame = { 120, 200, 80, 32 } }
  close:addTarget(function() self:dismiss(true) end, "touchUpInside")
  self.view:addSubview(close)
end

local Home = ui.Controller:extend("Home")

local function button(view, title, frame, action)
  local b = ui.Button:new{ title = title, frame = frame }
  b:addTarget(action, "touchUpInside")
  view:addSubview(b)
  return b
end

function Home:viewDidLoad()
  self.title = "Home"
  local view = self.view
  view.backgroundColor = "white"
  self.navigationItem.rightButton = ui.BarButtonItem:new{ title = "Edit", action = function() app.edited = true end }
  self.count = ui.Label:new{ text = "Count: 0", frame = { 8, 52, 150, 16 } }
  view:addSubview(self.count)
  button(view, "Add", { 160, 48, 72, 24 }, function()
    counter.taps = counter.taps + 1
    self.count.text = "Count: " .. counter.taps
  end)
  button(view, "Next", { 240, 48, 72, 24 }, function() self.navigationController:push(Detail:new(), true) end)
  button(view, "Present", { 8, 80, 96, 24 }, function() self:present(Modal:new(), true) end)
  button(view, "Fail", { 112, 80, 64, 24 }, function() error("the Fail button failed") end)
  button(view, "Wait", { 184, 80, 64, 24 }, function()
    loop.after(100, function() self.count.text = "Waited" end)
  end)
  button(view, "Same", { 8, 112, 64, 24 }, function() end)
  button(view, "Same", { 80, 112, 64, 24 }, function() end)
  self.field = ui.TextField:new{ placeholder = "Name", frame = { 160, 112, 152, 16 } }
  view:addSubview(self.field)
  self.star = ui.View:new{ frame = { 256, 144, 32, 32 }, backgroundColor = "black", accessibilityLabel = "Star" }
  self.star:addGestureRecognizer(ui.TapGesture:new{ action = function() self.count.text = "Starred" end })
  self.star:addGestureRecognizer(ui.TapGesture:new{
    numberOfTapsRequired = 2, action = function() self.count.text = "Double starred" end })
  view:addSubview(self.star)
  self.hold = ui.Label:new{ text = "Hold me", frame = { 8, 144, 100, 16 }, userInteractionEnabled = true }
  self.hold:addGestureRecognizer(ui.LongPressGesture:new{ action = function(g)
    if g.state == "began" then self.hold.text = "Held" end
  end })
  view:addSubview(self.hold)
  self.swiped = ui.Label:new{ text = "Not swiped", frame = { 120, 144, 120, 16 } }
  view:addSubview(self.swiped)
  local swipe = ui.SwipeGesture:new{ direction = { "left", "right" }, action = function(g)
    self.swiped.text = "Swiped " .. g.swipedDirection
  end }
  view:addGestureRecognizer(swipe)
  self.list = ui.TableView:new{ frame = { 0, 240, 320, 196 } }
  self.list:register("Row", ui.TableViewCell)
  self.list.dataSource = {
    numberOfRows = function() return 40 end,
    cellForRow = function(_, tv, ip)
      local cell = tv:dequeue("Row", ip)
      cell.textLabel.text = "Row " .. ip.row
      return cell
    end,
  }
  self.list.delegate = { didSelectRow = function(_, tv, ip) self.count.text = "Picked " .. ip.row end }
  view:addSubview(self.list)
end

-- The app's store, in its data directory: a launch starts with none.
local model = store.model{ Note = { text = "string" } }

function app.didFinishLaunching(window)
  app.db = store.open(model)
  app.home = Home:new()
  window.rootViewController = ui.NavigationController:new(app.home)
end

function Home:didReceiveMemoryWarning()
  app.warned = true
end

return app
