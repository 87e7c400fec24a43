-- methods (chunk `=ui`): calling a delegate's or a class's methods from Swift when the
-- object has them. Its frames are the host's, hidden from the tracebacks scripts see.

local methods = {}

do
  local type, getmetatable = type, getmetatable

  -- Calls `object:name(...)` when `object` has `name`: true and the results; false when it
  -- has none; the type's name when `name` is not callable.
  function methods.invoke(object, name, ...)
    local method = object[name]
    if method == nil then return false end
    if type(method) ~= "function" then
      local meta = getmetatable(method)
      if type(meta) ~= "table" or meta.__call == nil then return type(method) end
    end
    return true, method(object, ...)
  end
end

-- Whether `object[name]` is a function; false when `object` cannot be indexed.
function methods.hasMethod(object, name)
  local ok, method = pcall(function() return object[name] end)
  return ok and type(method) == "function"
end

return methods
