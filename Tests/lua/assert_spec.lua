-- luassert's assertions as test files get them, positive and negative, with their messages.

local getinfo = debug.getinfo

local function here()
  local info = getinfo(2, "Sl")
  local file = info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src
  return file .. ":" .. info.currentline
end

-- The message and location of the assertion failure fn raises.
local function failure(fn)
  local ok, err = pcall(fn)
  if ok then error("expected an assertion failure, got none", 2) end
  -- A failed assertion raises a table whose message starts with its place.
  if type(err) ~= "table" or type(err.message) ~= "string" then
    error("expected an assertion failure, got: " .. tostring(err), 2)
  end
  local location, message = err.message:match("^([^\n]-:%d+): (.*)$")
  message = message or err.message
  return message, location
end

-- luassert's text without the tables' addresses, which change from run to run.
local function plain(text)
  return (text:gsub("%(table: 0x%x+%)", "(table)"))
end

-- The text of the error fn raises, without its position.
local function error_of(fn)
  local ok, err = pcall(fn)
  if ok then error("expected an error, got none", 2) end
  return (tostring(err):gsub("^.-:%d+: ", ""))
end

describe("equal", function()
  it("compares with ==", function()
    assert.equal(1, 1)
    assert.equals("a", "a")
    assert.are.equal(1, 1.0)
    assert.is.equal(true, true)
    local t = {}
    assert.equal(t, t)
    assert.has_error(function() assert.equal({}, {}) end)
    assert.has_error(function() assert.equal(1, "1") end)
  end)

  it("says what it expected and got", function()
    assert.equal("Expected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1",
                 (failure(function() assert.equal(1, 2) end)))
  end)

  it("is negated by not", function()
    assert.are_not.equal(1, 2)
    assert.is_not.equal({}, {})
    assert.not_equal("a", "b")
    assert.equal("Expected objects to not be equal.\nPassed in:\n(string) 'x'\nDid not expect:\n(string) 'x'",
                 (failure(function() assert.are_not.equal("x", "x") end)))
  end)

  it("locates the failure at the assert call", function()
    local where
    local _, location = failure(function()
      where = here(); assert.equal(1, 2)
    end)
    assert.equal(where, location)
  end)

  it("needs two arguments", function()
    assert.equal("the 'equals' function requires a minimum of 2 arguments, got: 1",
                 error_of(function() assert.equal(1) end))
  end)
end)

describe("same", function()
  it("compares deeply", function()
    assert.same({ 1, { a = "x", b = { true } } }, { 1, { a = "x", b = { true } } })
    assert.are.same(1, 1)
    assert.are_not.same(0 / 0, 0 / 0)   -- as luassert has it: NaN is not itself
    assert.has_error(function() assert.same({ 1, 2 }, { 1, 2, 3 }) end)
    assert.has_error(function() assert.same({ a = 1 }, { a = 1, b = 2 }) end)
    assert.has_error(function() assert.same({ a = { b = 1 } }, { a = { b = 2 } }) end)
    assert.are_not.same({ 1 }, { 2 })
  end)

  it("ignores metatables", function()
    assert.same(setmetatable({ 1 }, { __index = function() return 2 end }), { 1 })
  end)

  it("survives cycles", function()
    local a, b = { name = "x" }, { name = "x" }
    a.self, b.self = a, b
    assert.same(a, b)
    local c, d = { name = "x" }, { name = "y" }
    c.self, d.self = c, d
    assert.are_not.same(c, d)
  end)

  it("marks the first key that differs", function()
    assert.equal(
      "Expected objects to be the same.\nPassed in:\n" ..
      "(table) {\n  [1] = 1\n *[2] = {\n   *[a] = 3 } }\n" ..
      "Expected:\n" ..
      "(table) {\n  [1] = 1\n *[2] = {\n   *[a] = 2 } }",
      plain((failure(function() assert.same({ 1, { a = 2 } }, { 1, { a = 3 } }) end))))
  end)

  it("says when it did not expect the same", function()
    assert.equal("Expected objects to not be the same.\nPassed in:\n(table) { }\nDid not expect:\n(table) { }",
                 plain((failure(function() assert.are_not.same({}, {}) end))))
  end)
end)

describe("truthy and falsy", function()
  it("follow Lua's truth", function()
    assert.truthy(0)
    assert.truthy("")
    assert.is_truthy({})
    assert.falsy(nil)
    assert.falsy(false)
    assert.is_not.truthy(nil)
    assert.is_not.falsy(0)
  end)

  it("say what the value was", function()
    assert.equal("Expected to be truthy, but value was:\n(nil)",
                 (failure(function() assert.truthy(nil) end)))
    assert.equal("Expected to be falsy, but value was:\n(number) 0",
                 (failure(function() assert.falsy(0) end)))
    assert.equal("Expected to not be truthy, but value was:\n(boolean) true",
                 (failure(function() assert.is_not.truthy(true) end)))
    assert.equal("Expected to not be falsy, but value was:\n(boolean) false",
                 (failure(function() assert.not_falsy(false) end)))
  end)
end)

describe("is_true and is_false", function()
  it("want exactly true and false", function()
    assert.is_true(true)
    assert.is_false(false)
    assert.is.True(true)
    assert.is_not_true(1)
    assert.is_not.False(nil)
    assert.has_error(function() assert.is_true(1) end)
    assert.has_error(function() assert.is_false(nil) end)
  end)

  it("say what they got", function()
    assert.equal("Expected objects to be the same.\nPassed in:\n(boolean) false\nExpected:\n(boolean) true",
                 (failure(function() assert.is_true(false) end)))
  end)
end)

describe("nil and type checks", function()
  it("check nil", function()
    assert.is_nil(nil)
    assert.Nil(nil)
    assert.is.Nil(nil)
    assert.is_not.Nil(false)
    assert.is_not_nil(0)
    assert.not_nil("")
    assert.equal("Expected objects to be the same.\nPassed in:\n(number) 1\nExpected:\ntype nil",
                 (failure(function() assert.is_nil(1) end)))
    assert.equal("Expected objects to not be the same.\nPassed in:\n(nil)\nDid not expect:\ntype nil",
                 (failure(function() assert.is_not_nil(nil) end)))
  end)

  it("check every type", function()
    assert.is_number(1)
    assert.is_string("")
    assert.is_table({})
    assert.is_function(print)
    assert.is_boolean(false)
    assert.is_userdata(io.stdout)
    assert.is_thread(coroutine.create(print))
    assert.is_not_number("1")
    assert.is_not.string(1)
    assert.is_not_table(nil)
    assert.is_not_function({})
    assert.is_not_boolean(nil)
    assert.is_not_userdata({})
    assert.is_not_thread(print)
    assert.equal("Expected objects to be the same.\nPassed in:\n(string) 'x'\nExpected:\ntype number",
                 (failure(function() assert.is_number("x") end)))
  end)

  it("return what they were given", function()
    local t = {}
    assert.equal(t, assert.is_table(t))
    local a, b = assert.truthy(1, "message")
    assert.same({ 1, "message" }, { a, b })
  end)
end)

describe("has_error", function()
  it("catches any error without an expected one", function()
    assert.has_error(function() error("boom") end)
    assert.has.errors(function() error({}) end)
    assert.error(function() local t; return t.x end)
    assert.errors(function() error() end)
    assert.equal("Expected a different error.\nCaught:\n(no error)\nExpected:\n(error)",
                 (failure(function() assert.has_error(function() end) end)))
  end)

  it("compares a string error without its position", function()
    assert.has_error(function() error("boom") end, "boom")
    assert.has_error(function() error("boom", 0) end, "boom")
    assert.equal("Expected a different error.\nCaught:\n(string) 'bang'\nExpected:\n(string) 'boom'",
                 (failure(function() assert.has_error(function() error("bang") end, "boom") end)))
  end)

  it("compares a table error with same", function()
    assert.has_error(function() error({ code = 1 }) end, { code = 1 })
    assert.has_error(function() assert.has_error(function() error({ code = 1 }) end, { code = 2 }) end)
  end)

  it("compares an error with __tostring to a string", function()
    local err = setmetatable({}, { __tostring = function() return "custom" end })
    assert.has_error(function() error(err) end, "custom")
  end)

  it("catches failed assertions, as the tables they raise", function()
    local err = assert.has_error(function() assert.equal(1, 2) end)
    assert.matches(": Expected objects to be equal.\nPassed in:\n%(number%) 2\nExpected:\n%(number%) 1$",
                   tostring(err))
  end)

  it("returns the error", function()
    local err = assert.has_error(function() error("boom") end)
    assert.equal("boom", err)
  end)

  it("is negated by has_no", function()
    assert.has_no.errors(function() end)
    assert.has_no_error(function() end)
    assert.does_not.error(function() end)
    assert.equal("Expected no error, but caught:\n(string) 'boom'",
                 (failure(function() assert.has_no.errors(function() error("boom") end) end)))
  end)

  it("wants a function", function()
    assert.equal("bad argument #1 to 'error' (function or callable object expected, got nil)",
                 error_of(function() assert.has_error(nil) end))
  end)

  it("matches the error against a pattern with error_matches", function()
    assert.error_matches(function() error("code 42") end, "code %d+")
    assert.matches_error(function() error("a.b") end, "a.b", 1, true)
    assert.has_error(function() assert.error_matches(function() error("x") end, "y") end)
    assert.has_error(function() assert.error_matches(function() end, ".") end)
    assert.has_no.error_matches(function() error("x") end, "y")
  end)
end)

describe("matches", function()
  it("matches a Lua pattern and returns the captures", function()
    assert.matches("^%d+$", "123")
    assert.match("b", "abc")
    assert.does.match("1", 123)
    local year, month = assert.matches("(%d+)-(%d+)", "2024-05")
    assert.same({ "2024", "05" }, { year, month })
    assert.does_not.match("^b", "abc")
    assert.matches(".", "a.b", 1, true)
    assert.has_error(function() assert.matches("x", "a.b", 1, true) end)
  end)

  it("says what it wanted", function()
    assert.equal("Expected strings to match.\nPassed in:\n(string) 'abc'\nExpected:\n(string) '^b'",
                 (failure(function() assert.matches("^b", "abc") end)))
    assert.equal("Expected strings not to match.\nPassed in:\n(string) 'abc'\nDid not expect:\n(string) 'b'",
                 (failure(function() assert.not_matches("b", "abc") end)))
  end)

  it("wants strings", function()
    assert.equal("bad argument #2 to 'matches' (string or object convertible to a string expected, got (nil))",
                 error_of(function() assert.matches("x", nil) end))
  end)
end)

describe("near", function()
  it("allows a tolerance", function()
    assert.near(1, 1.05, 0.1)
    assert.is_near(-1, -1, 0)
    assert.is_not.near(1, 1.2, 0.1)
    assert.equal("Expected values to be near.\nPassed in:\n(number) 1.1999999999999999556\nExpected:\n(number) 1 +/- 0.1",
                 (failure(function() assert.near(1, 1.2, 0.1) end)))
  end)
end)

describe("unique", function()
  it("finds repeated values", function()
    assert.unique({ 1, 2, 3 })
    assert.is_not.unique({ 1, 2, 1 })
    assert.unique({ {}, {} })
    assert.is_not.unique({ { 1 }, { 1 } }, true)
    assert.equal("Expected object to be unique:\n(table) {\n  [1] = 1\n  [2] = 1 }",
                 plain((failure(function() assert.unique({ 1, 1 }) end))))
  end)
end)

describe("failure messages", function()
  it("come first when given as the last extra argument", function()
    assert.equal("counting apples\nExpected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1",
                 (failure(function() assert.equal(1, 2, "counting apples") end)))
    assert.equal("not true\nExpected objects to be the same.\nPassed in:\n(nil)\nExpected:\n(boolean) true",
                 (failure(function() assert.is_true(nil, "not true") end)))
    assert.equal("no error here\nExpected a different error.\nCaught:\n(no error)\nExpected:\n(string) 'x'",
                 (failure(function() assert.has_error(function() end, "x", "no error here") end)))
    assert.equal("message\nExpected strings to match.\nPassed in:\n(string) 'a'\nExpected:\n(string) 'b'",
                 (failure(function() assert.matches("b", "a", "message") end)))
    assert.equal("near\nExpected values to be near.\nPassed in:\n(number) 3\nExpected:\n(number) 1 +/- 1",
                 (failure(function() assert.near(1, 3, 1, "near") end)))
    assert.equal("never\nExpected to be truthy, but value was:\n(boolean) false",
                 (failure(function() assert.truthy(false, "never") end)))
  end)

  it("may be any value", function()
    assert.equal("(number) 42\nExpected to be truthy, but value was:\n(nil)",
                 (failure(function() assert.truthy(nil, 42) end)))
  end)
end)

describe("chains", function()
  it("ignore case and split words on underscores and dots", function()
    assert.Is.Equal(1, 1)
    assert.ARE_NOT.SAME({ 1 }, { 2 })
    assert.is.not_nil(1)
    assert.was.truthy(1)
    assert.has.no.errors(function() end)
  end)

  it("reject unknown words", function()
    assert.equal("luassert: unknown modifier/assertion: 'equalz'",
                 error_of(function() assert.equalz(1, 1) end))
  end)

  it("negate twice", function()
    assert.is_not.no.equal(1, 1)
  end)
end)

describe("assert as a function", function()
  it("returns all its arguments", function()
    local a, b, c = assert(1, "message", 3)
    assert.same({ 1, "message", 3 }, { a, b, c })
  end)

  it("raises its message, placed, as a failure like the assertions'", function()
    local where
    local ok, err = pcall(function() where = here(); assert(false, "went wrong") end)
    assert.is_false(ok)
    assert.equal(where .. ": went wrong", err.message)
    assert.equal("assertion failed!", error_of(function() assert(nil) end))
    local object = {}
    assert.equal(object, select(2, pcall(assert, false, object)).message)
  end)
end)

describe("formatting", function()
  local function shown(v) return plain(assert:format({ v, n = 1 })[1]) end

  it("shows scalars with their type", function()
    assert.equal("(number) 1", shown(1))
    assert.equal("(number) 1.5", shown(1.5))
    assert.equal("(number) 1.0", shown(1.0))
    assert.equal("(number) 0.10000000000000000555", shown(0.1))
    assert.equal("(number) 1.0000000000000000159e+100", shown(1e100))
    assert.equal("(number) NaN", shown(0 / 0))
    assert.equal("(number) -Inf", shown(-math.huge))
    assert.equal("(string) 'abc'", shown("abc"))
    assert.equal("(boolean) false", shown(false))
    assert.equal("(nil)", shown(nil))
    assert.matches("^%(userdata%) 'file %(0x%x+%)'$", shown(io.stdout))
    assert.matches("^function: 0x%x+ @ line %d+ in @.+assert_spec%.lua$", shown(function() end))
  end)

  it("shows tables sorted: array part, numbers, booleans, strings", function()
    assert.equal("(table) {\n  [1] = 'a'\n  [2] = 'b'\n  [10] = 1\n  [true] = 2\n  [x] = 3\n  [y] = { } }",
                 shown({ "a", "b", [10] = 1, [true] = 2, x = 3, y = {} }))
  end)

  it("stops at three levels and at cycles", function()
    assert.equal("(table) {\n  [a] = {\n    [b] = {\n      [c] = { ... more } } } }",
                 shown({ a = { b = { c = { d = 1 } } } }))
    local t = {}
    t.t = t
    assert.equal("(table) {\n  [t] = {\n    [t] = {\n      [t] = { ... more } } } }", shown(t))
  end)
end)

describe("register", function()
  teardown(function() assert:unregister("assertion", "even") end)

  it("adds an assertion with its messages, which are say's keys", function()
    local say = require("say")
    say:set("assertion.even.positive", "Expected %s to be even")
    say:set("assertion.even.negative", "Expected %s to be odd")
    assert:register("assertion", "even", function(state, args)
      state.failure_message = args[2]
      return args[1] % 2 == 0
    end, "assertion.even.positive", "assertion.even.negative")
    assert.is_even(2)
    assert.is_not.even(3)
    assert.equal("Expected (number) 3 to be even", (failure(function() assert.is.even(3) end)))
    assert.equal("Expected (number) 2 to be odd", (failure(function() assert.is_not_even(2) end)))
    assert.equal("why\nExpected (number) 1 to be even", (failure(function() assert.even(1, "why") end)))
  end)
end)
