-- repl (chunk `=repl`): the REPL's printer, what a line evaluated to as `lua` prints it but
-- more readably: several values tab-separated, strings quoted, tables pretty-printed with
-- their keys sorted to a depth and a width, a table met again inside itself as
-- `<cycle: t.path>`, and Swift objects as what they are.
--
-- Arguments: `describeObject(value)` (a Swift object's description, or nil), `maxDepth`
-- and `maxItems`. Returns `format(name, values, count)`: the values as one line (or
-- several, for a large table); `name` is what a cycle back to the first value calls it.

local describeObject, maxDepth, maxItems = ...
local type, tostring, getmetatable, rawget, pairs, next = type, tostring, getmetatable, rawget, pairs, next
local concat, sort, format = table.concat, table.sort, string.format

local function quote(s)
  return (format("%q", s):gsub("\\\n", "\\n"))
end

local function scalar(v)
  local t = type(v)
  if t == "string" then return quote(v) end
  if t == "userdata" then
    local shown, kind = describeObject(v), tostring(v)
    if shown == nil then return kind end
    local class = kind:match("^([%w_.]+): ")
    if class == nil or shown:sub(1, #class) == class or shown:match("^ui%.") then return shown end
    return class .. " " .. shown
  end
  if math.type(v) == "float" then return format("%.14g", v) end
  return tostring(v)
end

local function order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function isName(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil
end

local show
show = function(v, depth, seen, path, indent)
  if type(v) ~= "table" then return scalar(v) end
  if seen[v] then return "<cycle: " .. seen[v] .. ">" end
  local mt = getmetatable(v)
  if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
  if next(v) == nil then return "{}" end
  if depth >= maxDepth then return "{...}" end
  seen[v] = path
  local n = #v
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, order)
  local parts, count = {}, 0
  local inner = indent .. "  "
  for i = 1, n do
    count = count + 1
    if count > maxItems then break end
    parts[#parts + 1] = show(v[i], depth + 1, seen, path .. "[" .. i .. "]", inner)
  end
  for _, k in ipairs(keys) do
    count = count + 1
    if count > maxItems then break end
    local sub = isName(k) and (path .. "." .. k) or (path .. "[" .. scalar(k) .. "]")
    local key = isName(k) and k or ("[" .. scalar(k) .. "]")
    parts[#parts + 1] = key .. " = " .. show(v[k], depth + 1, seen, sub, inner)
  end
  local total = n + #keys
  if total > maxItems then parts[#parts + 1] = "... (" .. (total - maxItems) .. " more)" end
  seen[v] = nil
  local flat = "{" .. concat(parts, ", ") .. "}"
  if #flat + #indent <= 80 and not flat:find("\n") then return flat end
  return "{\n" .. inner .. concat(parts, ",\n" .. inner) .. "\n" .. indent .. "}"
end

return function(name, values, count)
  local out = {}
  for i = 1, count do
    out[i] = show(values[i], 0, {}, i == 1 and name or (name .. i), "")
  end
  return concat(out, "\t")
end
