-- Headless runs read a virtual wall clock: the same dates on every day they run.
print(os.date("!%Y-%m-%d %H:%M:%S"), os.time(), loop.time(), loop.now())
loop.after(90, function() print(os.date("!%Y-%m-%d %H:%M:%S"), os.time(), loop.time(), loop.now()) end)
