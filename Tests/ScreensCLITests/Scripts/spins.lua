-- A timer whose callback never ends, and one after it: the callbacks' limits stop the
-- first, which is reported, and the second still runs.
local app = {}

function app.didFinishLaunching(window)
  local label = ui.Label:new{ frame = { 0, 0, 320, 20 }, text = "waiting" }
  window:addSubview(label)
  loop.after(0.1, function()
    local n = 0
    while true do n = n + 1 end
  end)
  loop.after(0.2, function() label.text = "went on" end)
end

return app
