-- loop.quit() ends a headless run too.
loop.after(1, function() print("quitting at " .. loop.now()) loop.quit() end)
loop.after(2, function() print("never: quit came first") end)
