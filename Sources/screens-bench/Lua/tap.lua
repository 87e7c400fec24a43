-- The tap figure's window: a button whose action counts taps in the global `taps`.
local window = ui.Window:new{}
local button = ui.Button:new{ frame = { 10, 10, 100, 40 }, title = "Tap" }
window:addSubview(button)
taps = 0
button:addTarget(function() taps = taps + 1 end, "touchUpInside")
return window
