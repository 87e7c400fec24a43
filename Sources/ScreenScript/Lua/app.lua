-- app (chunk `=app`): reading the app table, whose metamethods are the script's, in a
-- protected call.

local reader = {}

-- `app[name]`, through the app's metatable.
function reader.field(app, name)
  return app[name]
end

-- The names `list` (the app table's `plugins`) holds, as a new list; or what is wrong
-- with it: its type when it is no table, else the first entry that is no string ("a
-- number at [2]").
function reader.pluginNames(list)
  if type(list) ~= "table" then return type(list) end
  local names = {}
  for i, name in ipairs(list) do
    if type(name) ~= "string" then return "a " .. type(name) .. " at [" .. i .. "]" end
    names[i] = name
  end
  return names
end

return reader
