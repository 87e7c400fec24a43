-- A tiny encoder in lua-cjson's manner, for the spec beside it: errors are tables when
-- asked for.
local codec = { strict = true }

local function encode_value(value, depth)
  if depth > 5 then error({ code = "depth", message = "nesting too deep" }) end
  local kind = type(value)
  if kind == "nil" then return "null" end
  if kind == "boolean" then return tostring(value) end
  if kind == "number" then
    if value ~= value or value == math.huge or value == -math.huge then
      if codec.strict then error("Cannot serialise number: must not be NaN or Infinity", 0) end
      return "null"
    end
    return math.type(value) == "integer" and tostring(value) or string.format("%.14g", value)
  end
  if kind == "string" then return '"' .. value:gsub('[%c"\\]', function(c)
    return string.format("\\u%04x", c:byte())
  end) .. '"' end
  if kind == "table" then
    if #value > 0 or next(value) == nil then
      local parts = {}
      for i = 1, #value do parts[i] = encode_value(value[i], depth + 1) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for key in pairs(value) do keys[#keys + 1] = key end
    table.sort(keys)
    local parts = {}
    for _, key in ipairs(keys) do parts[#parts + 1] = encode_value(tostring(key), depth + 1) .. ":" .. encode_value(value[key], depth + 1) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  error("Cannot serialise " .. kind .. ": type not supported", 0)
end

function codec.encode(value) return encode_value(value, 0) end

return codec
