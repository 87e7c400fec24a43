-- A counter with a button whose action fails: the bug the monkey's tests plant.
local app = {}

local function countEntries(entries)
  return #entries.list
end

function app.didFinishLaunching(window)
  local label = ui.Label:new{ frame = { 16, 16, 288, 16 }, text = "taps: 0" }
  local add = ui.Button:new{ frame = { 16, 96, 128, 32 } }
  add:setTitle("Add", "normal")
  local taps = 0
  add:addTarget(function()
    taps = taps + 1
    label.text = "taps: " .. taps
  end, "touchUpInside")
  local broken = ui.Button:new{ frame = { 176, 96, 128, 32 } }
  broken:setTitle("Count", "normal")
  broken:addTarget(function() label.text = "entries: " .. countEntries(nil) end, "touchUpInside")
  for _, view in ipairs{ label, add, broken } do window:addSubview(view) end
end

return app
