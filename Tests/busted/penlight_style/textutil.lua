-- A small library in penlight's manner, for the spec beside it.
local textutil = {}

function textutil.raise(message)
  error(message, 3)
end

function textutil.split(text, separator)
  if type(text) ~= "string" then textutil.raise("argument 1 expected a 'string', got a '" .. type(text) .. "'") end
  separator = separator or "%s+"
  local parts, start = {}, 1
  while true do
    local first, last = text:find(separator, start)
    if not first then parts[#parts + 1] = text:sub(start); break end
    parts[#parts + 1] = text:sub(start, first - 1)
    start = last + 1
  end
  return parts
end

function textutil.join(parts, separator)
  return table.concat(parts, separator or " ")
end

function textutil.deprecate(name, replacement)
  textutil.warn(("%s is deprecated, use %s"):format(name, replacement))
end

function textutil.warn(message)
  io.stderr:write(message, "\n")
end

return textutil
