-- Which of the controllers the app made are still alive. A controller's Lua fields live
-- exactly as long as the Swift controller does (its Lua value may come and go), so a token
-- kept in them is collected only once the controller is gone.
local alive = {}
alive.__index = alive

--- A new, empty record of controllers.
function alive.new()
  return setmetatable({ tokens = setmetatable({}, { __mode = "k" }) }, alive)
end

--- Records `controller` and returns it.
function alive:track(controller)
  local token = {}
  controller.aliveToken = token
  self.tokens[token] = true
  return controller
end

--- How many recorded controllers are alive after a full collection.
function alive:count()
  collectgarbage()
  collectgarbage()
  local count = 0
  for _ in pairs(self.tokens) do count = count + 1 end
  return count
end

return alive
