-- A button whose action is stuck inside one call of a C function (a pattern that
-- backtracks for ages), where no limit can stop it.
local app = {}

function app.didFinishLaunching(window)
  local button = ui.Button:new{ frame = { 0, 0, 320, 480 } }
  button:setTitle("Match", "normal")
  button:addTarget(function()
    return (("a"):rep(40)):find(("a*"):rep(40) .. "b")
  end, "touchUpInside")
  window:addSubview(button)
end

return app
