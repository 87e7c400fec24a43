-- Real time: timers fire in order, a deferred call first, and quit ends the run.
loop.after(0.03, function() print("second timer"); loop.quit() end)
loop.after(0.01, function() print("first timer") end)
loop.after(5, function() print("never: quit came first") end)
loop.defer(function() print("deferred") end)
loop.after(0.02, function() error("a broken timer does not stop the loop") end)
print("main chunk")
