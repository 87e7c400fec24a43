-- luassert as busted sets it up: custom assertions with say's messages, parameters,
-- formatters, matchers; some fail on purpose, to count failures of each kind.
local say = require("say")

local function is_even(state, arguments)
  return type(arguments[1]) == "number" and arguments[1] % 2 == 0
end
say:set("assertion.is_even.positive", "Expected %s to be even")
say:set("assertion.is_even.negative", "Expected %s not to be even")
assert:register("assertion", "is_even", is_even, "assertion.is_even.positive", "assertion.is_even.negative")

describe("a registered assertion", function()
  it("passes", function()
    assert.is_even(2)
    assert.is_not.is_even(3)
  end)

  it("fails with its message", function()
    local ok, err = pcall(assert.is_even, 3)
    assert.is_false(ok)
    assert.matches("Expected (number) 3 to be even", tostring(err), 1, true)
  end)

  it("fails on purpose", function() assert.is_even(5) end)
end)

describe("a formatter", function()
  local function money(value)
    if type(value) == "table" and value.cents then return string.format("$%.2f", value.cents / 100) end
  end

  it("shows values its way in messages", function()
    assert:add_formatter(money)
    local ok, err = pcall(assert.same, { cents = 100 }, { cents = 250 })
    assert:remove_formatter(money)
    assert.is_false(ok)
    assert.matches("$2.50", tostring(err), 1, true)
  end)
end)

describe("parameters", function()
  it("TableFormatLevel limits nested tables in messages", function()
    assert:set_parameter("TableFormatLevel", 0)
    local ok, err = pcall(assert.same, { a = { b = 1 } }, { a = { b = 2 } })
    assert:set_parameter("TableFormatLevel", 3)
    assert.is_false(ok)
    assert.is_nil(tostring(err):find("[b]", 1, true))
  end)
end)

describe("matchers", function()
  it("match arguments of spies", function()
    local s = spy.new(function() end)
    s("text", { 1 }, 3)
    assert.spy(s).was.called_with(match.is_string(), match.is_table(), match._)
    assert.spy(s).was_not.called_with(match.is_number(), match._, match._)
  end)

  it("registered matchers work", function()
    assert:register("matcher", "positive", function() return function(value) return value > 0 end end)
    local s = spy.new(function() end)
    s(4)
    assert.spy(s).was.called_with(match.is_positive())
  end)

  it("fail on purpose", function()
    local s = spy.new(function() end)
    s(1)
    assert.spy(s).was.called_with(match.is_string())
  end)
end)

describe("spies, stubs and mocks", function()
  local target

  before_each(function()
    target = { add = function(a, b) return a + b end, name = "target" }
  end)

  it("spy.on calls through and counts", function()
    spy.on(target, "add")
    assert.equal(3, target.add(1, 2))
    assert.spy(target.add).was.called(1)
    assert.spy(target.add).was.returned_with(3)
    target.add:revert()
  end)

  it("stub returns what it is told", function()
    stub(target, "add").returns(10)
    assert.equal(10, target.add(1, 2))
    assert.stub(target.add).was.called_with(1, 2)
    target.add:revert()
    assert.equal(3, target.add(1, 2))
  end)

  it("mock spies on every function", function()
    local mocked = mock(target)
    mocked.add(2, 2)
    assert.spy(mocked.add).was.called()
    mock.revert(mocked)
  end)

  it("mock(t, true) stubs every function", function()
    local stubbed = mock(target, true)
    assert.is_nil(stubbed.add(2, 2))
    mock.revert(stubbed)
  end)

  it("counts a wrong call count as a failure", function()
    local s = spy.new(function() end)
    s()
    assert.spy(s).was.called(2)
  end)
end)

describe("errors", function()
  it("has_error with a message", function()
    assert.has_error(function() error("boom", 0) end, "boom")
  end)

  it("has_error with an error table", function()
    assert.has_error(function() error({ code = 42 }) end, { code = 42 })
  end)

  it("error_matches", function()
    assert.error_matches(function() error("code 42 here") end, "code %d+")
  end)

  it("has_no.errors", function()
    assert.has_no.errors(function() end)
  end)

  it("an error table raised by the test is an error", function()
    error({ code = 1 })
  end)

  it("assert with a message", function()
    assert(false, "plain assert failed")
  end)
end)
