--- @meta NAME
-- LuaCATS stubs of the NAME plugin, for editors: add this folder to the
-- Lua language server's workspace.library.

--- @class NAME
local NAME = {}

--- A greeting for `who`.
--- @param who string
--- @return string
function NAME.greet(who) end

return NAME
