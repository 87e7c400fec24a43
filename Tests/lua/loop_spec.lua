-- The loop module on the test file's virtual clock.

describe("loop", function()
  local log
  before_each(function() log = {} end)
  local function record(what) return function() log[#log + 1] = what end end

  it("tells the time, which only test.advance moves", function()
    local start = loop.now()
    assert.are.equal(start, loop.now())
    test.advance(1.5)
    assert.are.equal(start + 1.5, loop.now())
  end)

  it("runs deferred calls before timers, and timers in deadline order", function()
    loop.after(0.2, record("late"))
    loop.after(0.1, record("early"))
    loop.defer(record("deferred"))
    test.advance(0.2)
    assert.are.same({ "deferred", "early", "late" }, log)
  end)

  it("fires timers with equal deadlines in the order they were scheduled", function()
    for i = 1, 5 do loop.after(1, record(i)) end
    test.advance(1)
    assert.are.same({ 1, 2, 3, 4, 5 }, log)
  end)

  it("runs a timer only when its time comes", function()
    loop.after(1, record("fired"))
    test.advance(0.999)
    assert.are.same({}, log)
    test.advance(0.001)
    assert.are.same({ "fired" }, log)
  end)

  it("cancels a timer before it fires", function()
    local timer = loop.after(1, record("fired"))
    assert.is_true(timer.active)
    timer:cancel()
    assert.is_false(timer.active)
    test.advance(2)
    assert.are.same({}, log)
  end)

  it("lets a repeating timer cancel itself from its callback", function()
    local count = 0
    loop.every(1, function(timer)
      count = count + 1
      if count == 3 then timer:cancel() end
    end)
    test.advance(10)
    assert.are.equal(3, count)
  end)

  it("lets a timer cancel another one due at the same instant", function()
    local second
    loop.after(1, function() record("first")(); second:cancel() end)
    second = loop.after(1, record("second"))
    test.advance(1)
    assert.are.same({ "first" }, log)
  end)

  it("does not fire a burst when a repeating timer falls behind", function()
    local times = {}
    local timer = loop.every(1, function() times[#times + 1] = loop.now() end)
    local start = loop.now()
    test.stall(3.5)          -- the loop was busy: three slots went by unserved
    test.advance(0)
    test.advance(1)
    timer:cancel()
    assert.are.equal(2, #times)
    assert.are.equal(start + 3.5, times[1])
    assert.are.equal(start + 4, times[2])   -- back on its grid
  end)

  it("repeats at most every 0.1 ms, as NSTimer does for an interval of zero or less", function()
    for _, interval in ipairs{ 0, -1, 1e-300 } do
      local count = 0
      local timer = loop.every(interval, function() count = count + 1 end)
      test.advance(0.001)
      timer:cancel()
      assert.are.equal(10, count)
    end
  end)

  it("checks its arguments", function()
    assert.has_error(function() loop.after("soon", print) end,
      "bad argument #1 to 'after' (number expected, got string)")
    assert.has_error(function() loop.after(1) end,
      "bad argument #2 to 'after' (function expected, got no value)")
    assert.has_error(function() loop.every(0/0, print) end,
      "bad argument #1 to 'every' (finite number expected, got nan)")
    assert.has_error(function() loop.after(-math.huge, print) end,
      "bad argument #1 to 'after' (finite number expected, got -inf)")
  end)

  describe("when a callback raises", function()
    it("reports it with what raised it and the traceback, and goes on", function()
      loop.after(1, function() error("timer broke") end)
      loop.defer(function() error("deferred broke") end)
      loop.after(2, record("later"))
      test.advance(2)
      assert.are.same({ "later" }, log)
      local reported = test.errors()
      assert.are.equal(2, #reported)
      assert.matches("^deferred call made at .-loop_spec%.lua:%d+$", reported[1].context)
      assert.matches("deferred broke", reported[1].message)
      assert.matches("^timer callback scheduled at .-loop_spec%.lua:%d+$", reported[2].context)
      assert.matches("loop_spec.lua:%d+: timer broke$", reported[2].message)
      assert.matches("stack traceback:", reported[2].traceback)
    end)

    it("keeps a repeating timer going", function()
      local count = 0
      local timer = loop.every(1, function()
        count = count + 1
        if count % 2 == 1 then error("odd tick") end
      end)
      test.advance(4)
      timer:cancel()
      assert.are.equal(4, count)
      assert.are.equal(2, #test.errors())
    end)
  end)
end)
