-- screentest.spy: spies, stubs, mocks and argument matchers, luassert-style.
--
-- A spy is a callable table that records every call and what it returned.
-- `spy.on` and `stub` put one in a table in place of a function; the runner
-- reverts those after each test (see spy.snapshot), as busted does.

local assert = require("screentest.assert")

local error, getmetatable, ipairs, next, rawequal, rawget, select, setmetatable, tostring, type =
      error, getmetatable, ipairs, next, rawequal, rawget, select, setmetatable, tostring, type
local strformat, strgmatch, strlower, strfind = string.format, string.gmatch, string.lower, string.find
local tconcat, tunpack = table.concat, table.unpack
local max = math.max
local debug_getmetatable = debug.getmetatable

local function pack(...) return { n = select("#", ...), ... } end

local is_spy

-- Calls are copied so that later changes to an argument do not rewrite
-- history; metatables are kept (the real ones, even when __metatable hides
-- them), userdata, functions and spies shared. A spy is kept as it is, as
-- luassert keeps it: a copy would not have the calls made since, so an
-- object whose method is spied on would never equal its own copy.
local function deepcopy(v, copies)
  if type(v) ~= "table" or is_spy(v) then return v end
  copies = copies or {}
  if copies[v] then return copies[v] end
  local copy = {}
  copies[v] = copy
  for k, value in next, v do copy[deepcopy(k, copies)] = deepcopy(value, copies) end
  return setmetatable(copy, debug_getmetatable(v))
end

-- Matchers

local Matcher = {}
Matcher.__index = Matcher
function Matcher.__call(self, value) return self.test(value) == self.wanted end
function Matcher.__tostring(self) return self.description end

local function is_matcher(v) return getmetatable(v) == Matcher end

local function type_test(name) return function() return function(v) return type(v) == name end end end

-- Each builds the test for the matcher's arguments.
local matcher_tests = {
  truthy = function() return function(v) return v ~= nil and v ~= false end end,
  falsy = function() return function(v) return v == nil or v == false end end,
  ["true"] = function() return function(v) return v == true end end,
  ["false"] = function() return function(v) return v == false end end,
  equal = function(x) return function(v) return v == x end end,
  same = function(x) return function(v) return (assert:deep_equal(x, v)) end end,
  ref = function(x) return function(v) return rawequal(v, x) end end,
  matches = function(pattern, init, plain)
    return function(v) return type(v) == "string" and strfind(v, pattern, init, plain) ~= nil end
  end,
  near = function(x, tolerance)
    return function(v) return type(v) == "number" and v >= x - tolerance and v <= x + tolerance end
  end,
}
matcher_tests.equals = matcher_tests.equal
matcher_tests.match = matcher_tests.matches
for _, name in ipairs({ "nil", "boolean", "number", "string", "table", "function",
                        "userdata", "thread" }) do
  matcher_tests[name] = type_test(name)
end

local matcher_words = { is = true, are = true, has = true, was = true, does = true }

local function args_text(args)
  local shown = {}
  for i = 1, args.n do shown[i] = assert:format_value(args[i]) end
  return tconcat(shown, ", ")
end

-- match.is_not_number(), match.is_not.number() and friends: words as in
-- assert chains; a key of modifiers only gives a namespace to go on with.
local function namespace(prefix)
  return setmetatable({}, {
    __index = function(_, key)
      local name = prefix and prefix .. "_" .. key or key
      local wanted, words = true, {}
      for word in strgmatch(strlower(name), "[^_]+") do
        if word == "not" or word == "no" then
          wanted = not wanted
        elseif not matcher_words[word] then
          words[#words + 1] = word
        end
      end
      if #words == 0 then return namespace(name) end
      local build = matcher_tests[tconcat(words, "_")]
      if not build then return nil end
      return function(...)
        return setmetatable({
          test = build(...), wanted = wanted, by_reference = words[1] == "ref" and #words == 1,
          description = "match." .. name .. "(" .. args_text(pack(...)) .. ")",
        }, Matcher)
      end
    end,
  })
end

local match = namespace(nil)

-- `match._` matches anything.
match._ = setmetatable({ test = function() return true end, wanted = true,
                         description = "match._" }, Matcher)

-- `actual` holds copies of the values; `refs`, the values themselves, which
-- match.is_ref compares with (a copy is never the same table).
local function arguments_match(actual, expected, refs)
  for i = 1, max(actual.n, expected.n) do
    local want, got = expected[i], actual[i]
    if is_matcher(want) then
      if not want(want.by_reference and refs and refs[i] or got) then return false end
    elseif not assert:deep_equal(want, got) then
      return false
    end
  end
  return true
end

-- Spies

local Spy = {}
local spy_mt = { __index = Spy }
local Stub = setmetatable({}, { __index = Spy })
local stub_mt = { __index = Stub }

function is_spy(v)
  local mt = getmetatable(v)
  return mt == spy_mt or mt == stub_mt
end

-- Spies that replaced a function in a table, newest last.
local installed = {}

local function record_call(self, ...)
  local call = { vals = deepcopy(pack(...)), refs = pack(...) }
  local calls = self.calls
  calls[#calls + 1] = call
  local results = pack(self.callback(...))
  call.returnvals, call.returnrefs = deepcopy(results), results
  self.returnvals[#self.returnvals + 1] = call.returnvals
  return tunpack(results, 1, results.n)
end
spy_mt.__call = record_call
stub_mt.__call = record_call

local function new_spy(callback, mt)
  return setmetatable({ calls = {}, returnvals = {}, callback = callback }, mt or spy_mt)
end

local function install(s, target, key)
  s.target_table, s.target_key, s.original = target, key, target[key]
  target[key] = s
  installed[#installed + 1] = s
  return s
end

--- Puts the original back (for spy.on and stubs); returns it.
function Spy:revert()
  if not self.reverted and self.target_table then
    self.target_table[self.target_key] = self.original
  end
  self.reverted = true
  return self.original
end

--- Forgets the calls recorded so far.
function Spy:clear()
  self.calls, self.returnvals = {}, {}
  return self
end

--- Whether the spy was called (exactly `times` times when given).
function Spy:called(times)
  if times then return #self.calls == times, #self.calls end
  return #self.calls > 0, #self.calls
end

function Spy:called_with(...)
  local expected = pack(...)
  for _, call in ipairs(self.calls) do
    if arguments_match(call.vals, expected, call.refs) then return true, call end
  end
  return false
end

function Spy:returned_with(...)
  local expected = pack(...)
  for _, call in ipairs(self.calls) do
    if call.returnvals and arguments_match(call.returnvals, expected, call.returnrefs) then return true, call end
  end
  return false
end

local spy = {}

--- A spy around `callback` (a function doing nothing when nil).
function spy.new(callback)
  if callback == nil then callback = function() end end
  local mt = getmetatable(callback)
  if type(callback) ~= "function" and not (type(mt) == "table" and rawget(mt, "__call")) then
    error("bad argument #1 to 'spy.new' (function expected, got " .. type(callback) .. ")", 2)
  end
  return new_spy(callback)
end

--- Replaces target[key] with a spy that calls the original.
function spy.on(target, key)
  if type(target) ~= "table" then
    error("bad argument #1 to 'spy.on' (table expected, got " .. type(target) .. ")", 2)
  end
  local original = target[key]
  local mt = getmetatable(original)
  if type(original) ~= "function" and not (type(mt) == "table" and rawget(mt, "__call")) then
    error(strformat("bad argument #2 to 'spy.on' (function expected at key '%s', got %s)",
                    tostring(key), type(original)), 2)
  end
  return install(new_spy(original), target, key)
end

spy.is_spy = is_spy
spy._ = match._

--- Marks the spies installed so far; `snapshot:revert()` reverts the ones
--- installed since, newest first, so a spy on a spy unwinds properly.
function spy.snapshot()
  local mark = #installed
  return {
    revert = function()
      for i = #installed, mark + 1, -1 do
        installed[i]:revert()
        installed[i] = nil
      end
    end,
  }
end

-- Stubs
-- A stub is a spy that does not call the original: it returns the values it
-- was given, or what `returns`/`invokes` set, per matching arguments if
-- `on_call_with` was used.

local function behaviour(values) return function() return tunpack(values, 1, values.n) end end

local function new_stub(target, key, ...)
  local s
  s = new_spy(function(...)
    for _, rule in ipairs(s.rules) do
      if arguments_match(pack(...), rule.args) then return rule.respond(...) end
    end
    return s.respond(...)
  end, stub_mt)
  s.rules, s.respond = {}, behaviour(pack(...))
  s.by_default = {
    returns = function(...) s.respond = behaviour(pack(...)); return s end,
    invokes = function(fn) s.respond = fn; return s end,
  }
  if target ~= nil then
    if type(target) ~= "table" then
      error("bad argument #1 to 'stub' (table expected, got " .. type(target) .. ")", 2)
    end
    install(s, target, key)
  end
  return s
end

function Stub:returns(...) return self.by_default.returns(...) end
function Stub:invokes(fn) return self.by_default.invokes(fn) end

--- `s:on_call_with(1, match._).returns("x")`
function Stub:on_call_with(...)
  local rule = { args = pack(...), respond = function() end }
  self.rules[#self.rules + 1] = rule
  return {
    returns = function(...) rule.respond = behaviour(pack(...)); return self end,
    invokes = function(fn) rule.respond = fn; return self end,
  }
end

-- Tail calls, so that new_stub's errors blame the caller.
local stub = setmetatable({
  new = function(target, key, ...) return new_stub(target, key, ...) end,
}, {
  __call = function(_, target, key, ...) return new_stub(target, key, ...) end,
})

-- Mocks

local function each_function(object, fn, seen)
  seen = seen or {}
  if seen[object] then return end
  seen[object] = true
  for k, v in next, object do
    if type(v) == "function" or is_spy(v) then
      fn(object, k, v)
    elseif type(v) == "table" then
      each_function(v, fn, seen)
    end
  end
end

--- mock(t [, dostub]): spies (or stubs) every function in t, recursively.
local mock = setmetatable({
  revert = function(object)
    each_function(object, function(_, _, v) if is_spy(v) then v:revert() end end)
    return object
  end,
  clear = function(object)
    each_function(object, function(_, _, v) if is_spy(v) then v:clear() end end)
    return object
  end,
}, {
  __call = function(_, object, dostub)
    each_function(object, function(t, k, v)
      if type(v) == "function" then
        if dostub then new_stub(t, k) else spy.on(t, k) end
      end
    end)
    return object
  end,
})

spy.stub, spy.mock, spy.match = stub, mock, match

-- Assertions

local function payload(state, name, level)
  local s = rawget(state, "payload")
  if is_spy(s) then return s end
  if type(s) == "function" then
    error("When calling 'spy(aspy)', 'aspy' must not be the original function, " ..
          "but the spy function replacing the original", level)
  end
  error("'" .. name .. "' must be chained after 'spy(aspy)'", level)
end

local function set_payload(state, args) state.payload = args[1] end

local function exactly(count, times) return count == times end

local function counting(name, compare)
  return function(state, args, level)
    local s = payload(state, name, level + 1)
    local times, count = args[1], #s.calls
    state.failure_message = args[2]
    local ok
    if times == nil and compare == exactly then
      if state.mod then
        ok = count > 0
      else
        -- was_not.called() means "called 0 times", as in luassert.
        state.mod, times, ok = true, 0, count == 0
      end
    elseif type(times) ~= "number" then
      error(strformat("bad argument #1 to '%s' (number expected, got %s)", name, type(times)), level)
    else
      ok = compare(count, times)
    end
    args[1], args[2], args.n = tostring(times or ">0"), tostring(count), 2
    args.nofmt = { true, true }
    return ok
  end
end

local function calls_text(s, field, only)
  if only then return "  (" .. args_text(only[field]) .. ")" end
  local lines, calls = {}, s.calls
  for i = 1, #calls do
    local values = calls[i][field]
    local shown = values and "(" .. args_text(values) .. ")" or "(raised an error)"
    lines[#lines + 1] = strformat("  #%d %s", i, shown)
  end
  if #lines == 0 then return "  (no calls)" end
  return tconcat(lines, "\n")
end

local function with_arguments(name, method, field)
  return function(state, args, level)
    local s = payload(state, name, level + 1)
    local ok, call = s[method](s, tunpack(args, 1, args.n))
    local expected = "  (" .. args_text(args) .. ")"
    args[1], args[2], args.n = call and calls_text(s, field, call) or calls_text(s, field), expected, 2
    args.nofmt = { true, true }
    return ok
  end
end

local function register_assertions()
  local function at_least(count, times) return count >= times end
  local function at_most(count, times) return count <= times end
  local function more_than(count, times) return count > times end
  local function less_than(count, times) return count < times end
  local counted = {
    exactly = "Expected to be called %s time(s), but was called %s time(s)",
    at_least = "Expected to be called at least %s time(s), but was called %s time(s)",
    at_most = "Expected to be called at most %s time(s), but was called %s time(s)",
    more_than = "Expected to be called more than %s time(s), but was called %s time(s)",
    less_than = "Expected to be called less than %s time(s), but was called %s time(s)",
  }

  assert:register("modifier", "spy", set_payload)
  assert:register("modifier", "stub", set_payload)
  -- The negations of the bounds read as the opposite bound, as in luassert.
  assert:register("assertion", "called", counting("called", exactly),
    counted.exactly, "Expected not to be called exactly %s time(s), but it was.")
  assert:register("assertion", "called_at_least", counting("called_at_least", at_least),
    counted.at_least, counted.less_than)
  assert:register("assertion", "called_at_most", counting("called_at_most", at_most),
    counted.at_most, counted.more_than)
  assert:register("assertion", "called_more_than", counting("called_more_than", more_than),
    counted.more_than, counted.at_most)
  assert:register("assertion", "called_less_than", counting("called_less_than", less_than),
    counted.less_than, counted.at_least)
  assert:register("assertion", "called_with", with_arguments("called_with", "called_with", "vals"),
    "Function was never called with matching arguments.\nCalled with:\n%s\nExpected:\n%s",
    "Function was called with matching arguments at least once.\n" ..
    "Called with (matching call):\n%s\nDid not expect:\n%s")
  assert:register("assertion", "returned_with", with_arguments("returned_with", "returned_with", "returnvals"),
    "Function never returned matching values.\nReturned:\n%s\nExpected:\n%s",
    "Function returned matching values at least once.\n" ..
    "Returned (matching call):\n%s\nDid not expect:\n%s")

  assert:add_formatter(function(v)
    if is_matcher(v) then return v.description end
    if is_spy(v) then return "(spy) " .. #v.calls .. " call(s)" end
  end)
end

register_assertions()

return setmetatable(spy, {
  __call = function(_, callback) return spy.new(callback) end,
})
