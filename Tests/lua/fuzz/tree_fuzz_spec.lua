-- Random hierarchies: views added, inserted and removed among each other (themselves and
-- their ancestors included), controllers contained, pushed, presented and shown in windows,
-- windows added to views, with time passing, rotation, memory warnings, touches and both
-- renderers in between. A case may raise; none may crash or hang the host.
local fuzzkit = require("fuzzkit")

-- A maker for every view class of the registry that a script can make, with the fields
-- that make one show and take touches: a class registered there is fuzzed here too.
local viewMakers = {}
for _, class in ipairs(test.classes()) do
  if class.module == "ui" and class.constructible and (class.kind == "view" or class.kind == "control") then
    viewMakers[#viewMakers + 1] = function()
      local fields = { frame = { 10, 10, 80, 30 } }
      for key, value in pairs(class.sample) do fields[key] = value end
      return ui[class.key]:new(fields)
    end
  end
end

local Card = ui.View:extend("FuzzCard")
function Card:layoutSubviews() for _, v in ipairs(self.subviews) do v.frame = { 0, 0, 10, 10 } end end
function Card:draw(canvas) canvas:line({ 0, 0 }, { 1e12, 1e12 }, "red", 1e9) canvas:text("card", { 0, 0 }) end
function Card:pointInside(p) return p.x >= 0 end

local Screen = ui.Controller:extend("FuzzScreen")
function Screen:viewDidLoad() self.view:addSubview(ui.Label:new{ text = "screen" }) end

local controllerMakers = {
  function() return ui.Controller:new{ title = "plain" } end,
  function() return Screen:new{ title = "screen" } end,
  function() return ui.NavigationController:new(Screen:new{ title = "root" }) end,
  function() return ui.TabBarController:new{ Screen:new{ title = "a" }, Screen:new{ title = "b" } } end,
  function() return ui.SplitViewController:new{ Screen:new{}, Screen:new{} } end,
  function() return ui.PageViewController:new{} end,
}
-- And a plain one of every controller class of the registry.
for _, class in ipairs(test.classes()) do
  if class.module == "ui" and class.constructible and class.kind == "controller" then
    controllerMakers[#controllerMakers + 1] = function() return ui[class.key]:new{} end
  end
end

local function pick(r, pool)
  if #pool == 0 then return nil end
  return r.chance(0.9) and r.pick(pool) or fuzzkit.value(r)
end

local function step(r, views, controllers, window)
  local roll = r.int(1, 20)
  local a, b = pick(r, views), pick(r, views)
  local c, d = pick(r, controllers), pick(r, controllers)
  fuzzkit.note("step %s with a=%s b=%s c=%s d=%s", roll, a, b, c, d)
  if roll <= 4 then pcall(function() a:addSubview(b) end)
  elseif roll == 5 then pcall(function() a:insertSubview(b, r.pick(fuzzkit.numbers)) end)
  elseif roll == 6 then pcall(function() a:removeFromSuperview() end)
  elseif roll == 7 then pcall(function() a:bringSubviewToFront(b) end) pcall(function() a:sendSubviewToBack(b) end)
  elseif roll == 8 then pcall(function() c:addChild(d) end)
  elseif roll == 9 then pcall(function() c:removeFromParent() end)
  elseif roll == 10 then pcall(function() c:push(d, r.chance(0.5)) end) pcall(function() c:pop(r.chance(0.5)) end)
  elseif roll == 11 then pcall(function() c:present(d, r.chance(0.5)) end)
  elseif roll == 12 then pcall(function() c:dismiss(r.chance(0.5)) end)
  elseif roll == 13 then pcall(function() window.rootViewController = c end)
  elseif roll == 14 then pcall(function() c.view:addSubview(a) end) pcall(function() a:addSubview(c.view) end)
  elseif roll == 15 then pcall(function() a.frame = { r.pick(fuzzkit.numbers), r.pick(fuzzkit.numbers), r.pick(fuzzkit.numbers), r.pick(fuzzkit.numbers) } end)
  elseif roll == 16 then pcall(function() window:rotate(r.pick({ "landscape", "portrait" })) end)
  elseif roll == 17 then pcall(function() window:touch(r.pick({ "began", "moved", "ended", "cancelled" }), { x = r.pick(fuzzkit.numbers), y = r.int(0, 480) }) end)
  elseif roll == 18 then pcall(function() window:memoryWarning() end)
  elseif roll == 19 then pcall(function() c.viewControllers = { d, c } end)
  else test.advance(r.pick({ 0, 0.1, 0.5, 2 })) end
end

describe("fuzzing view and controller hierarchies", function()
  fuzzkit.cases("hierarchy", fuzzkit.count(150), function(r)
    local window = ui.Window:new{ device = r.pick({ "iphone", "ipad" }) }
    window:makeKeyAndVisible()
    local views, controllers = { window }, {}
    for _ = 1, r.int(2, 8) do
      local ok, view = pcall(r.pick(viewMakers))
      if ok then views[#views + 1] = view end
    end
    views[#views + 1] = Card:new{ frame = { 0, 0, 50, 50 } }
    for _ = 1, r.int(1, 5) do
      local ok, controller = pcall(r.pick(controllerMakers))
      if ok then controllers[#controllers + 1] = controller end
    end
    for _, v in ipairs(views) do fuzzkit.remember(v) end
    for _, c in ipairs(controllers) do fuzzkit.remember(c) end
    for _ = 1, r.int(5, 40) do
      step(r, views, controllers, window)
      if r.chance(0.2) then
        fuzzkit.note("layout and render")
        pcall(window.layoutIfNeeded, window)
        pcall(window.render, window, r.pick({ "text", "svg" }))
      end
    end
    fuzzkit.note("final render")
    pcall(window.render, window, "text")
    pcall(window.render, window, "svg")
    fuzzkit.note("advance 5")
    test.advance(5)
  end)

  -- A chain 10^5 deep takes seconds in a debug build; the longer runs (`make fuzz`) have it.
  fuzzkit.cases("deep chains", fuzzkit.scale > 1 and 3 or 2, function(r, i)
    local depth = ({ 1000, 20000, 100000 })[i]
    local window = ui.Window:new{}
    window:makeKeyAndVisible()
    local root = ui.View:new{ frame = { 0, 0, 320, 480 } }
    local leaf = root
    if r.chance(0.5) then
      for _ = 1, depth do
        local child = ui.View:new{ frame = { 1, 1, 300, 400 } }
        leaf:addSubview(child)
        leaf = child
      end
    else
      for _ = 1, depth do
        local parent = ui.View:new{ frame = { 1, 1, 300, 400 } }
        parent:addSubview(root)
        root = parent
      end
    end
    window:addSubview(root)
    pcall(leaf.addSubview, leaf, root)
    window:layoutIfNeeded()
    window:render("text")
    window:render("svg")
    window:hitTest({ x = 150, y = 200 })
    window:tap({ x = 150, y = 200 })
    leaf:convertPoint({ x = 1, y = 1 }, nil)
    root:viewWithTag(12345)
    root:removeFromSuperview()
    root, leaf = nil, nil
    collectgarbage()
  end)
end)
