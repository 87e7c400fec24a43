-- A button that kills the process it runs in, as a crash of the host would.
local app = {}

function app.didFinishLaunching(window)
  local button = ui.Button:new{ frame = { 0, 0, 320, 480 } }
  button:setTitle("Crash", "normal")
  button:addTarget(function() os.execute("kill -9 $PPID") end, "touchUpInside")
  window:addSubview(button)
end

return app
