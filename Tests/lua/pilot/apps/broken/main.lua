-- An app whose launch fails, for the pilot's error.
local app = {}

local function build(window)
  error("no root controller for " .. window.device)
end

function app.didFinishLaunching(window)
  build(window)
end

return app
