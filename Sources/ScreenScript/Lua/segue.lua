-- segue (chunk `=ui.segue`): segues registered for Lua classes, looked up along a class's
-- chain of superclasses.
--
-- Returns `add(cls, id, template)`, `find(cls, id)` and `make(destination)` (a new
-- controller of the destination class, or what a destination function makes).

local registry = setmetatable({}, { __mode = "k" })
local getmetatable, rawget, type = getmetatable, rawget, type
local function add(cls, id, template)
  local segues = registry[cls]
  if not segues then segues = {}; registry[cls] = segues end
  segues[id] = template
end
local function find(cls, id)
  -- At most 100 classes up, should a script make a cycle of metatables.
  for _ = 1, 100 do
    if type(cls) ~= "table" then return nil end
    local segues = rawget(registry, cls)
    if segues and segues[id] then return segues[id] end
    cls = getmetatable(cls)
  end
  return nil
end
local function make(destination)
  if type(destination) == "function" then return destination() end
  return destination:new()
end
return add, find, make
