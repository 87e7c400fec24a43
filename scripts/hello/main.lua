-- The smallest app: it greets and shows that Lua runs inside the host.
local greeting = require("greeting")

print(greeting.text("LuaScreens"))
print(("Lua %s, %d + %d = %d"):format(_VERSION:match("%d+%.%d+"), 2, 3, 2 + 3))
