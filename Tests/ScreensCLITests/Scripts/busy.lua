-- Never idle: each one-shot timer schedules the next.
local function tick() loop.after(1, tick) end
tick()
print("started")
