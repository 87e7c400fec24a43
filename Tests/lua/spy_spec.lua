-- luassert's spies, stubs, mocks and matchers as test files get them, with their messages.

local function failure(fn)
  local ok, err = pcall(fn)
  if ok then error("expected an assertion failure, got none", 2) end
  -- A failed assertion raises a table whose message starts with its place.
  if type(err) ~= "table" or type(err.message) ~= "string" then
    error("expected an assertion failure, got: " .. tostring(err), 2)
  end
  local location, message = err.message:match("^([^\n]-:%d+): (.*)$")
  message = message or err.message
  return message
end

describe("spy.new", function()
  it("calls through and records arguments and results", function()
    local s = spy.new(function(a, b) return a + b, "sum" end)
    local total, label = s(1, 2)
    assert.same({ 3, "sum" }, { total, label })
    s(5, 6)
    assert.equal(2, #s.calls)
    assert.same({ n = 2, 1, 2 }, s.calls[1].vals)
    -- luassert keeps what each call returned in a list of its own.
    assert.same({ n = 2, 3, "sum" }, s.returnvals[1].vals)
    assert.same({ n = 2, 11, "sum" }, s.returnvals[2].vals)
  end)

  it("counts trailing nils", function()
    local s = spy.new()
    s(1, nil, nil)
    assert.equal(3, s.calls[1].vals.n)
    assert.equal(0, s.returnvals[1].vals.n)
  end)

  it("copies arguments so later changes do not rewrite history", function()
    local s = spy.new()
    local t = { 1 }
    s(t)
    t[1] = 2
    assert.same({ 1 }, s.calls[1].vals[1])
    assert.spy(s).was.called_with({ 1 })
  end)

  it("is what spy() makes", function()
    local s = spy(function() return 1 end)
    assert.is_true(spy.is_spy(s))
    assert.is_false(spy.is_spy(function() end))
    assert.equal(1, s())
  end)

  it("records a call that raised", function()
    local s = spy.new(function() error("boom") end)
    assert.has_error(function() s(1) end, "boom")
    assert.spy(s).was.called_with(1)
    assert.is_nil(s.calls[1].returnvals)
  end)

  it("forgets its calls on clear", function()
    local s = spy.new()
    s()
    s:clear()
    assert.spy(s).was_not.called()
  end)

  it("wants something to call", function()
    assert.has_error(function() spy.new(42) end)
  end)
end)

describe("spy.on", function()
  local target

  before_each(function()
    target = { greet = function(name) return "hello " .. name end }
  end)

  it("replaces the function with a spy calling it", function()
    local s = spy.on(target, "greet")
    assert.equal(s, target.greet)
    assert.equal("hello ann", target.greet("ann"))
    assert.spy(s).was.called_with("ann")
  end)

  it("puts the original back on revert", function()
    local original = target.greet
    local s = spy.on(target, "greet")
    assert.equal(original, s:revert())
    assert.equal(original, target.greet)
  end)

  it("stands in for a missing function, as luassert does", function()
    local s = spy.on(target, "missing")
    assert.is_nil(target.missing())
    assert.spy(s).was.called(1)
    s:revert()
  end)
end)

describe("called", function()
  it("counts calls", function()
    local s = spy.new()
    assert.spy(s).was_not.called()
    s()
    assert.spy(s).was.called()
    assert.spy(s).was.called(1)
    s()
    assert.spy(s).was.called(2)
    assert.spy(s).was_not.called(1)
    assert.spy(s).was.called_at_least(2)
    assert.spy(s).was.called_at_most(2)
    assert.spy(s).was.called_more_than(1)
    assert.spy(s).was.called_less_than(3)
    assert.spy(s).was_not.called_at_least(3)
    assert.stub(s).was.called(2)
  end)

  it("says how many calls it wanted", function()
    local s = spy.new()
    assert.equal("Expected to be called >0 time(s), but was called 0 time(s)",
                 failure(function() assert.spy(s).was.called() end))
    assert.equal("Expected to be called 2 time(s), but was called 0 time(s)",
                 failure(function() assert.spy(s).was.called(2) end))
    s()
    assert.equal("Expected to be called 0 time(s), but was called 1 time(s)",
                 failure(function() assert.spy(s).was_not.called() end))
    assert.equal("Expected not to be called exactly 1 time(s), but it was.",
                 failure(function() assert.spy(s).was_not.called(1) end))
    assert.equal("Expected to be called at least 2 time(s), but was called 1 time(s)",
                 failure(function() assert.spy(s).was.called_at_least(2) end))
    assert.equal("Expected to be called at most 0 time(s), but was called 1 time(s)",
                 failure(function() assert.spy(s).was.called_at_most(0) end))
  end)

  it("must follow spy(s)", function()
    assert.has_error(function() assert.was.called() end, "'called' must be chained after 'spy(aspy)'")
    assert.has_error(function() assert.spy(print).was.called() end)
  end)
end)

describe("called_with", function()
  it("compares arguments deeply", function()
    local s = spy.new()
    s(1, { a = { "x" } })
    s("other")
    assert.spy(s).was.called_with(1, { a = { "x" } })
    assert.spy(s).was.called_with("other")
    assert.spy(s).was_not.called_with(1)
    assert.spy(s).was_not.called_with(1, { a = { "y" } })
  end)

  it("takes matchers", function()
    local s = spy.new()
    s(1, "text", {})
    assert.spy(s).was.called_with(match._, match._, match._)
    assert.spy(s).was.called_with(match.is_number(), match.is_string(), match.is_table())
    assert.spy(s).was.called_with(1, match.matches("^te"), match.is_same({}))
    assert.spy(s).was.called_with(match.is_not_nil(), match.is_truthy(), match._)
    assert.spy(s).was.called_with(match._, match.is_equal("text"), match.is_not.number())
    assert.spy(s).was_not.called_with(match.is_string(), match._, match._)
  end)

  it("matches the object a spied method was called on", function()
    local greeter = { greeting = "hi" }
    function greeter:greet(name) return self.greeting .. " " .. name end
    spy.on(greeter, "greet")
    assert.equal("hi ann", greeter:greet("ann"))
    assert.spy(greeter.greet).was.called_with(greeter, "ann")
    assert.spy(greeter.greet).was.called_with(match.is_ref(greeter), "ann")
    assert.spy(greeter.greet).was_not.called_with(match.is_ref({ greeting = "hi" }), "ann")
    local object = { f = function(self) end }
    mock(object)
    object:f()
    assert.spy(object.f).was.called_with(object)
  end)

  it("compares match.is_ref with the value passed, not its copy", function()
    local s, t = spy.new(function(x) return x end), { 1 }
    s(t)
    t[1] = 2
    assert.spy(s).was.called_with(match.is_ref(t))
    assert.spy(s).was.called_with({ 1 })
    assert.spy(s).was_not.called_with(t)
    assert.spy(s).was_not.called_with(match.is_not_ref(t))
    assert.spy(s).returned_with(match.is_ref(t))
  end)

  it("shows the calls and what it expected", function()
    local s = spy.new()
    s(1, "a")
    s(2)
    assert.equal("Function was never called with matching arguments.\n" ..
                 "Called with (last call if any):\n(values list) ((number) 2)\n" ..
                 "Expected:\n(values list) ((number) 3, (matcher) is.string())",
                 failure(function() assert.spy(s).was.called_with(3, match.is_string()) end))
    assert.equal("Function was called with matching arguments at least once.\n" ..
                 "Called with (last matching call):\n(values list) ((number) 2)\n" ..
                 "Did not expect:\n(values list) ((number) 2)",
                 failure(function() assert.spy(s).was_not.called_with(2) end))
    assert.equal("Function was never called with matching arguments.\n" ..
                 "Called with (last call if any):\n(nil)\nExpected:\n(values list) ()",
                 failure(function() assert.spy(spy.new()).was.called_with() end))
  end)
end)

describe("returned_with", function()
  it("compares what the spy returned", function()
    local s = spy.new(function(x) return x * 2, "done" end)
    s(2)
    assert.spy(s).returned_with(4, "done")
    assert.spy(s).was_not.returned_with(5, "done")
    assert.equal("Function never returned matching arguments.\n" ..
                 "Returned (last call if any):\n(values list) ((number) 4, (string) 'done')\n" ..
                 "Expected:\n(values list) ((number) 5)",
                 failure(function() assert.spy(s).returned_with(5) end))
  end)
end)

describe("stub", function()
  it("replaces a function without calling it", function()
    local called = false
    local target = { save = function() called = true end }
    local s = stub(target, "save", "stubbed", 2)
    local a, b = target.save("x")
    assert.same({ "stubbed", 2 }, { a, b })
    assert.is_false(called)
    assert.stub(s).was.called_with("x")
    s:revert()
    target.save()
    assert.is_true(called)
  end)

  it("can stand in for a missing function and take it away again", function()
    local target = {}
    local s = stub.new(target, "missing")
    assert.is_nil(target.missing())
    s:revert()
    assert.is_nil(target.missing)
  end)

  it("stands alone", function()
    local s = stub.new()
    assert.is_nil(s(1))
    assert.spy(s).was.called(1)
  end)

  it("returns or invokes what it is told, per arguments if asked", function()
    local s = stub.new()
    s.returns(1, 2)
    assert.same({ 1, 2 }, { s() })
    s.invokes(function(x) return x + 1 end)
    assert.equal(11, s(10))
    s.on_call_with("special").returns("for special")
    s.on_call_with(match.is_table()).invokes(function(t) return #t end)
    assert.equal("for special", s("special"))
    assert.equal(3, s({ 1, 2, 3 }))
    assert.equal(6, s(5))
    s.by_default.returns("default")
    assert.equal("default", s(5))
  end)
end)

describe("mock", function()
  it("spies on every function, recursively, and reverts them", function()
    local object = { value = 1, add = function(a, b) return a + b end,
                     nested = { twice = function(x) return 2 * x end } }
    local add, twice = object.add, object.nested.twice
    mock(object)
    assert.equal(3, object.add(1, 2))
    assert.equal(4, object.nested.twice(2))
    assert.spy(object.add).was.called_with(1, 2)
    assert.spy(object.nested.twice).was.called(1)
    mock.revert(object)
    assert.equal(add, object.add)
    assert.equal(twice, object.nested.twice)
  end)

  it("stubs when asked", function()
    local object = { f = function() return "real" end }
    mock(object, true)
    assert.is_nil(object.f())
  end)
end)

describe("automatic revert", function()
  local shared = { f = function() return "original" end }

  it("leaves a spy installed during the test", function()
    spy.on(shared, "f")
    assert.is_true(spy.is_spy(shared.f))
  end)

  it("finds the original in the next test", function()
    assert.is_false(spy.is_spy(shared.f))
    assert.equal("original", shared.f())
  end)

  it("reverts what was made after assert:snapshot() with its revert", function()
    local original = shared.f
    local snapshot = assert:snapshot()
    stub(shared, "f", "stub")
    assert.equal("stub", shared.f())
    snapshot:revert()
    assert.equal(original, shared.f)
  end)
end)
