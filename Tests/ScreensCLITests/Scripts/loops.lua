-- A button whose action never ends: the instruction budget stops it.
local app = {}

function app.didFinishLaunching(window)
  local button = ui.Button:new{ frame = { 0, 0, 320, 480 } }
  button:setTitle("Spin", "normal")
  button:addTarget(function()
    local n = 0
    while true do n = n + 1 end
  end, "touchUpInside")
  window:addSubview(button)
end

return app
