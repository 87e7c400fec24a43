-- screentest.assert: assertions compatible with luassert.
--
-- `assert.are_not.equal(a, b)` is a chain: each word after `assert` is split
-- on "_", lower-cased and read as a modifier ("is", "not", ...) or as an
-- assertion ("equal", "called_with", ...). Calling the chain runs the
-- assertion. A failure raises the string "file:line: message", as luassert
-- does, so code that catches it sees what it would see under busted; the
-- runner tells it from other errors with `assert:failure_info(err)`.
--
-- The module is also Lua's `assert`: `assert(v, message)` behaves like the
-- built-in one.

-- Tests may clobber globals; keep our own references.
local debug_getinfo = debug.getinfo
local error, getmetatable, next, pcall, rawequal, rawget, select,
      setmetatable, tonumber, tostring, type, ipairs =
      error, getmetatable, next, pcall, rawequal, rawget, select,
      setmetatable, tonumber, tostring, type, ipairs
local strfind, strformat, strgmatch, strgsub, strlower, strmatch, strrep, strsub =
      string.find, string.format, string.gmatch, string.gsub, string.lower,
      string.match, string.rep, string.sub
local tconcat, tsort, tunpack = table.concat, table.sort, table.unpack
local mathtype, huge = math.type, math.huge

local messages = {
  ["assertion.same.positive"] = "Expected objects to be the same.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.same.negative"] = "Expected objects to not be the same.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.equals.positive"] = "Expected objects to be equal.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.equals.negative"] = "Expected objects to not be equal.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.near.positive"] = "Expected values to be near.\nPassed in:\n%s\nExpected:\n%s +/- %s",
  ["assertion.near.negative"] = "Expected values to not be near.\nPassed in:\n%s\nDid not expect:\n%s +/- %s",
  ["assertion.matches.positive"] = "Expected strings to match.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.matches.negative"] = "Expected strings not to match.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.unique.positive"] = "Expected object to be unique:\n%s",
  ["assertion.unique.negative"] = "Expected object to not be unique:\n%s",
  ["assertion.error.positive"] = "Expected a different error.\nCaught:\n%s\nExpected:\n%s",
  ["assertion.error.negative"] = "Expected no error, but caught:\n%s",
  ["assertion.truthy.positive"] = "Expected to be truthy, but value was:\n%s",
  ["assertion.truthy.negative"] = "Expected to not be truthy, but value was:\n%s",
  ["assertion.falsy.positive"] = "Expected to be falsy, but value was:\n%s",
  ["assertion.falsy.negative"] = "Expected to not be falsy, but value was:\n%s",
  ["assertion.internal.argtolittle"] = "the '%s' function requires a minimum of %s arguments, got: %s",
}

local parameters = {
  TableFormatLevel = 3,               -- nesting shown before "{ ... more }"
  TableErrorHighlightCharacter = "*", -- marks the first key that differs
}

local assertions, modifiers = {}, {}
local formatters = {}

-- The failure raised last, so that the runner can recognise it.
local last_failure

local function location_of(info)
  local source = info.source
  local file = strsub(source, 1, 1) == "@" and strsub(source, 2) or info.short_src
  if info.currentline and info.currentline > 0 then
    return file .. ":" .. info.currentline
  end
  return file
end

-- The first Lua function at or above `level`, seen from our caller, and its
-- level. A chain is usually called straight from the test; `pcall(assert.x, ...)`
-- puts a C frame in between.
local function user_frame(level)
  level = level + 1
  while true do
    local info = debug_getinfo(level, "Sl")
    if not info then return nil, 1 end
    if info.what ~= "C" then return location_of(info), level - 1 end
    level = level + 1
  end
end

-- Values

local function number_text(n)
  if n ~= n then return "NaN" end
  if n == huge then return "Inf" end
  if n == -huge then return "-Inf" end
  if mathtype(n) == "integer" then return strformat("%d", n) end
  local text
  for digits = 14, 17 do   -- the shortest text that reads back as n
    text = strformat("%." .. digits .. "g", n)
    if tonumber(text) == n then break end
  end
  if not strfind(text, "[%.eEn]") then text = text .. ".0" end
  return text
end

local type_rank = { number = 1, boolean = 2, string = 3, table = 4,
                    ["function"] = 5, userdata = 6, thread = 7 }

-- Array part first, then numbers, booleans, strings, anything else.
local function sorted_keys(t)
  local keys, length = {}, #t
  for k in next, t do keys[#keys + 1] = k end
  local function rank(k)
    if mathtype(k) == "integer" and k >= 1 and k <= length then return 0 end
    return type_rank[type(k)] or 8
  end
  tsort(keys, function(a, b)
    local ra, rb = rank(a), rank(b)
    if ra ~= rb then return ra < rb end
    local ta = type(a)
    if ta == "number" or ta == "string" then return a < b end
    if ta == "boolean" then return a and not b end
    return tostring(a) < tostring(b)
  end)
  return keys
end

local function scalar_text(v)
  if type(v) == "number" then return number_text(v) end
  return tostring(v)
end

-- What a formatter added with assert:add_formatter makes of v, if any.
local function custom_text(v)
  for i = #formatters, 1, -1 do
    local text = formatters[i](v)
    if text ~= nil then return text end
  end
end

-- `path` lists the keys (outermost first) that lead to the first difference;
-- the key at this level gets a mark.
local function table_text(t, level, path, seen)
  if next(t) == nil then return "{ }" end
  if seen[t] then return "{ ... recursive }" end
  local limit = parameters.TableFormatLevel
  if limit >= 0 and level > limit then return "{ ... more }" end
  seen[t] = true
  local mark_char = parameters.TableErrorHighlightCharacter or ""
  local lines = {}
  for _, k in ipairs(sorted_keys(t)) do
    local v = rawget(t, k)
    local on_path = path and path[level] == k
    local formatted = type(v) == "table" and custom_text(v)
    if formatted then
      v = formatted
    elseif type(v) == "table" then
      v = table_text(v, level + 1, on_path and path or nil, seen)
    elseif type(v) == "string" then
      v = "'" .. v .. "'"
    else
      v = scalar_text(v)
    end
    local mark = on_path and mark_char or ""
    lines[#lines + 1] = "\n" .. strrep(" ", level * 2 - #mark) .. mark ..
                        "[" .. scalar_text(k) .. "] = " .. v
  end
  seen[t] = nil
  return "{" .. tconcat(lines) .. " }"
end

-- Formats a value the way luassert shows it in messages: "(number) 1",
-- "(string) 'abc'", "(table) { [1] = 1 }".
local function format_value(v, path)
  local text = custom_text(v)
  if text ~= nil then return text end
  local t = type(v)
  if t == "nil" then return "(nil)" end
  if t == "string" then return "(string) '" .. v .. "'" end
  if t == "number" then return "(number) " .. number_text(v) end
  if t == "table" then return "(table) " .. table_text(v, 1, path, {}) end
  if t == "function" then
    local info = debug_getinfo(v, "S")
    if info.what == "C" then return "(function) " .. tostring(v) end
    return "(function) " .. tostring(v) .. " <" .. info.short_src .. ":" .. info.linedefined .. ">"
  end
  if t == "boolean" then return "(boolean) " .. tostring(v) end
  return "(" .. t .. ") '" .. tostring(v) .. "'"
end

-- Deep comparison, safe with cycles: a pair of tables already being compared
-- is taken as equal, so a cycle can only fail through some other key.
-- Returns false and the path to the first difference.
local function deep_equal(a, b, seen)
  if rawequal(a, b) then return true end
  if type(a) ~= "table" or type(b) ~= "table" then
    if a ~= a and b ~= b then return true end   -- NaN is the same as NaN
    return a == b
  end
  seen = seen or {}
  local partners = seen[a]
  if partners and partners[b] then return true end
  if not partners then partners = {}; seen[a] = partners end
  partners[b] = true
  for k, v in next, a do
    local same, path = deep_equal(v, rawget(b, k), seen)
    if not same then
      local full = { k }
      for i = 1, path and #path or 0 do full[i + 1] = path[i] end
      return false, full
    end
  end
  for k in next, b do
    if rawget(a, k) == nil then return false, { k } end
  end
  return true
end

-- Argument lists

local function insert_arg(args, pos, value)
  for i = args.n, pos, -1 do args[i + 1] = args[i] end
  args[pos] = value
  args.n = args.n + 1
end

local function swap_first_two(args)
  args[1], args[2] = args[2], args[1]
end

local function require_args(args, count, name, level)
  if args.n < count then
    error(strformat(messages["assertion.internal.argtolittle"], name, count, args.n), level)
  end
end

local function bad_argument(pos, name, expected, got, level)
  error(strformat("bad argument #%d to '%s' (%s expected, got %s)", pos, name, expected, type(got)),
        level)
end

local function callable(v)
  if type(v) == "function" then return true end
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__call") ~= nil
end

local function has_tostring(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__tostring") ~= nil
end

-- luassert strips the "file:line: " Lua puts in front of string errors.
local function strip_position(err)
  if type(err) == "string" then
    return (strgsub(err, "^.-:%d+: ", "", 1))
  end
  return err
end

-- Assertions
-- Each takes (state, args, level): `args` holds the call's arguments with
-- `n`; it may reorder them for the message, mark some with `args.nofmt[i]`
-- (shown as is) or give `args.fmtargs[i]` (a path to highlight). `level` is
-- what `error` needs to blame the test. It returns whether the assertion
-- holds and optionally the values the chain returns.

local function same(state, args, level)
  require_args(args, 2, "same", level + 1)
  local ok, path = deep_equal(args[1], args[2])
  swap_first_two(args)
  args.fmtargs = { path, path }
  state.failure_message = args[3]
  return ok
end

local function equals(state, args, level)
  require_args(args, 2, "equals", level + 1)
  local ok = args[1] == args[2]
  swap_first_two(args)
  state.failure_message = args[3]
  return ok
end

local function truthy(state, args)
  state.failure_message = args[2]
  return args[1] ~= nil and args[1] ~= false
end

local function falsy(state, args)
  state.failure_message = args[2]
  return args[1] == nil or args[1] == false
end

local function is_value(expected)
  return function(state, args)
    if args.n == 0 then args.n = 1 end
    insert_arg(args, 2, expected)
    state.failure_message = args[3]
    return args[1] == expected
  end
end

local function is_type(name)
  return function(state, args)
    if args.n == 0 then args.n = 1 end
    insert_arg(args, 2, "type " .. name)
    args.nofmt = { [2] = true }
    state.failure_message = args[3]
    return type(args[1]) == name
  end
end

local function unique(state, args, level)
  local list, deep = args[1], args[2]
  if type(list) ~= "table" then bad_argument(1, "unique", "table", list, level + 1) end
  state.failure_message = args[3]
  if type(deep) == "string" and args.n == 2 then   -- unique(list, message)
    deep, state.failure_message = nil, deep
  end
  args.n = 1
  for k1, v1 in next, list do
    for k2, v2 in next, list do
      if k1 ~= k2 and (v1 == v2 or (deep and deep_equal(v1, v2))) then
        return false
      end
    end
  end
  return true
end

local function near(state, args, level)
  require_args(args, 3, "near", level + 1)
  local expected, actual, tolerance = tonumber(args[1]), tonumber(args[2]), tonumber(args[3])
  if not expected then bad_argument(1, "near", "number", args[1], level + 1) end
  if not actual then bad_argument(2, "near", "number", args[2], level + 1) end
  if not tolerance then bad_argument(3, "near", "number", args[3], level + 1) end
  swap_first_two(args)
  state.failure_message = args[4]
  return actual >= expected - tolerance and actual <= expected + tolerance
end

-- matches(pattern, actual [, init [, plain]] [, message]); luassert wants the
-- message fifth, we also take it third since init is never a string.
local function matches(state, args, level)
  require_args(args, 2, "matches", level + 1)
  local pattern, actual = args[1], args[2]
  if type(pattern) ~= "string" then bad_argument(1, "matches", "string", pattern, level + 1) end
  if type(actual) == "number" or has_tostring(actual) then actual = tostring(actual) end
  if type(actual) ~= "string" then bad_argument(2, "matches", "string", args[2], level + 1) end
  local init, plain = args[3], args[4]
  state.failure_message = args[5]
  if type(init) == "string" then init, plain, state.failure_message = nil, nil, init end
  local captures
  if plain then
    captures = strfind(actual, pattern, init, true) and { pattern, n = 1 } or nil
  else
    captures = { strmatch(actual, pattern, init) }
    captures.n = #captures
    if captures.n == 0 then captures = nil end
  end
  swap_first_two(args)
  args.n = 2
  return captures ~= nil, captures
end

local function caught_error(fn, name, level)
  if not callable(fn) then bad_argument(1, name, "function", fn, level + 1) end
  local ok, err = pcall(fn)
  return ok, strip_position(err)
end

-- error(fn [, expected [, message]]): a string expected is compared with the
-- error's text, anything else with `same`.
local function has_error(state, args, level)
  local ok, err = caught_error(args[1], "error", level + 1)
  local expected = args[2]
  state.failure_message = args[3]
  args[1] = ok and "(no error)" or err
  args[2] = expected == nil and "(error)" or expected
  args.n = 2
  args.nofmt = { [1] = ok, [2] = expected == nil }
  local retargs = { err, n = 1 }
  if ok then return false, retargs end
  if expected == nil then return true, retargs end
  if type(expected) == "string" and has_tostring(err) then err = tostring(err) end
  if type(expected) == "number" and type(err) == "string" then
    return tostring(expected) == tostring(tonumber(err)), retargs
  end
  return (deep_equal(expected, err)), retargs
end

-- error_matches(fn, pattern [, init [, plain]] [, message])
local function error_matches(state, args, level)
  local ok, err = caught_error(args[1], "error_matches", level + 1)
  local pattern, init, plain = args[2], args[3], args[4]
  if type(pattern) ~= "string" then bad_argument(2, "error_matches", "string", pattern, level + 1) end
  state.failure_message = args[5]
  if type(init) == "string" then init, plain, state.failure_message = nil, nil, init end
  args[1], args[2], args.n = ok and "(no error)" or err, pattern, 2
  args.nofmt = { [1] = ok }
  if ok then return false end
  if has_tostring(err) then err = tostring(err) end
  if type(err) ~= "string" then return false end
  return strfind(err, pattern, init, plain) ~= nil, { err, n = 1 }
end

-- Chains

local Chain = {}

local function new_chain()
  return setmetatable({ tokens = {}, mod = true }, Chain)
end

function Chain.__index(self, key)
  if type(key) ~= "string" then
    error("bad assertion word (string expected, got " .. type(key) .. ")", 2)
  end
  local tokens = rawget(self, "tokens")
  for word in strgmatch(strlower(key), "[^_]+") do tokens[#tokens + 1] = word end
  return self
end

-- Reads the words greedily: the longest run of words that names something
-- wins, so "called_with" is one assertion, not "called" then "with".
local function resolve(tokens)
  local keys, i, n = {}, 1, #tokens
  while i <= n do
    local found
    for j = n, i, -1 do
      local key = tconcat(tokens, "_", i, j)
      if assertions[key] or modifiers[key] then
        keys[#keys + 1], found = key, j
        break
      end
    end
    if not found then return nil, tokens[i] end
    i = found + 1
  end
  return keys
end

local function custom_message(message)
  if type(message) == "string" or has_tostring(message) then return tostring(message) end
  return format_value(message)
end

local function failure_text(text, args)
  local shown, nofmt, fmtargs = {}, args.nofmt or {}, args.fmtargs or {}
  for i = 1, args.n do
    shown[i] = nofmt[i] and tostring(args[i]) or format_value(args[i], fmtargs[i])
  end
  local i = 0
  return (strgsub(text, "%%s", function()
    i = i + 1
    return shown[i] or "(nil)"
  end))
end

function Chain.__call(self, ...)
  local where, level = user_frame(2)
  local keys, unknown = resolve(rawget(self, "tokens"))
  self.tokens = {}
  if not keys then
    error(strformat("unknown modifier/assertion: '%s'", unknown), level)
  end
  local assertion
  for _, key in ipairs(keys) do assertion = assertions[key] or assertion end
  local args = { n = select("#", ...), ... }
  for _, key in ipairs(keys) do
    local modifier = modifiers[key]
    -- Only a chain without an assertion, like `assert.spy(s)`, takes arguments.
    if modifier then modifier.callback(self, assertion and { n = 0 } or args, level + 1) end
  end
  if not assertion then return self end

  local ok, retargs = assertion.callback(self, args, level + 1)
  local mod = rawget(self, "mod")
  if (not ok) == mod then
    local key = mod and assertion.positive or assertion.negative
    local message = failure_text(messages[key] or key or "assertion failed!", args)
    local custom = rawget(self, "failure_message")
    if custom ~= nil then
      message = custom_message(custom) .. "\n" .. message
    end
    local text = where and (where .. ": " .. message) or message
    last_failure = { text = text, message = message, location = where }
    error(text, 0)
  end
  if retargs then return tunpack(retargs, 1, retargs.n or #retargs) end
  return ...
end

-- The module

local assert = {}

--- Adds an assertion or a modifier, as luassert's `assert:register`.
-- kind: "assertion" or "modifier". callback(state, args, level) returns
-- whether the assertion holds (and optional return values in a table with n);
-- a modifier changes `state` (`state.mod = not state.mod` negates).
-- positive, negative: message keys or message texts, "%s" standing for the
-- formatted arguments in order.
function assert:register(kind, name, callback, positive, negative)
  local registry = kind == "modifier" and modifiers or assertions
  registry[strlower(name)] = { callback = callback, positive = positive, negative = negative }
end

function assert:unregister(kind, name)
  local registry = kind == "modifier" and modifiers or assertions
  registry[strlower(name)] = nil
end

--- A formatter returns the text for a value or nil to let others try.
function assert:add_formatter(formatter)
  formatters[#formatters + 1] = formatter
end

function assert:set_parameter(name, value) parameters[name] = value end
function assert:get_parameter(name) return parameters[name] end

--- The text luassert shows for a value; `path` marks a key (see deep_equal).
function assert:format_value(value, path) return format_value(value, path) end

--- Deep comparison as `same` does it: true, or false and the path to the
--- first difference.
function assert:deep_equal(a, b) return deep_equal(a, b) end

--- For the runner: { message, location } if `err` is the failure an
--- assertion raised last, else nil. The failure may have come through
--- something that put positions in front, like coroutine.wrap.
function assert:failure_info(err)
  if not last_failure or type(err) ~= "string" then return nil end
  local text = last_failure.text
  if #err < #text or strsub(err, -#text) ~= text then return nil end
  local prefix = strsub(err, 1, #err - #text)
  while prefix ~= "" do
    local rest = strmatch(prefix, "^[^\n]-:%d+: (.*)$")
    if not rest then return nil end
    prefix = rest
  end
  return { message = last_failure.message, location = last_failure.location }
end

local function register_all()
  local function both(name, callback, key)
    assert:register("assertion", name, callback,
                    "assertion." .. key .. ".positive", "assertion." .. key .. ".negative")
  end
  both("same", same, "same")
  both("equals", equals, "equals")
  both("equal", equals, "equals")
  both("truthy", truthy, "truthy")
  both("falsy", falsy, "falsy")
  both("true", is_value(true), "same")
  both("false", is_value(false), "same")
  for _, name in ipairs({ "nil", "boolean", "number", "string", "table",
                          "function", "userdata", "thread" }) do
    both(name, is_type(name), "same")
  end
  both("unique", unique, "unique")
  both("near", near, "near")
  both("matches", matches, "matches")
  both("match", matches, "matches")
  both("error", has_error, "error")
  both("errors", has_error, "error")
  both("error_matches", error_matches, "error")
  both("matches_error", error_matches, "error")

  local function flip(state) state.mod = not state.mod end
  local function nothing() end
  for _, word in ipairs({ "is", "are", "was", "has", "does" }) do
    assert:register("modifier", word, nothing)
  end
  assert:register("modifier", "not", flip)
  assert:register("modifier", "no", flip)
end

register_all()

return setmetatable(assert, {
  -- Lua's assert: the message gets a position when it is a string.
  __call = function(_, v, message, ...)
    if not v then
      if message == nil then message = "assertion failed!" end
      error(message, 2)
    end
    return v, message, ...
  end,
  __index = function(_, key) return new_chain()[key] end,
})
