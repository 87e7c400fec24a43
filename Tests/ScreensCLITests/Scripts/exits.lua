-- A button that ends the process, as os.exit does.
local app = {}

function app.didFinishLaunching(window)
  local button = ui.Button:new{ frame = { 0, 0, 320, 480 } }
  button:setTitle("Quit", "normal")
  button:addTarget(function() os.exit(3) end, "touchUpInside")
  window:addSubview(button)
end

return app
