-- A timer whose callback sorts a big table for ever: a few instructions, each a long C call,
-- which the CPU time limit stops. A timer after it still runs.
local app = {}

function app.didFinishLaunching(window)
  local label = ui.Label:new{ frame = { 0, 0, 320, 20 }, text = "waiting" }
  window:addSubview(label)
  loop.after(0.1, function()
    local big = {}
    for i = 1, 200000 do big[i] = math.random() end
    while true do
      table.sort(big)
    end
  end)
  loop.after(0.2, function() label.text = "went on" end)
end

return app
