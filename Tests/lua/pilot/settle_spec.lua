-- settle runs virtual time until nothing is in flight, and otherwise names what is busy and
-- where it started; test.waitFor steps frames until a condition holds.
local failure = require("support").failure

describe("pilot settle", function()

  it("waits for a push to end, and repeating timers do not keep it busy", function()
    local app = test.launch("apps/demo")
    local ticks = 0
    loop.every(0.5, function() ticks = ticks + 1 end)
    app:tap("Next")
    assert.are.equal("Detail", app:controller().title)
    assert.is_not_nil(app:find("The detail"))
    app:settle()
    assert.is_true(ticks >= 0)
  end)

  it("names a timer a script is waiting for, with its file:line", function()
    local app = test.launch("apps/demo")
    local message = failure(function() app:tap("Wait") end)
    assert.matches('settle_spec%.lua:%d+: the app is still busy 10 s after the tap on "Wait":\n'
      .. "  a timer callback scheduled at [^\n]*apps/demo/main%.lua:%d+, due at 100%.%d+ s$", message)
    -- settle{ timeout = } waits longer: the timer fires.
    app:settle{ timeout = 100 }
    assert.is_not_nil(app:find("Waited"))
  end)

  it("names a transition, the controllers it moves and the script line that started it", function()
    local app = test.launch("apps/slow")
    local message = failure(function() app:tap("Swap") end)
    assert.matches('the app is still busy 10 s after the tap on "Swap":\n'
      .. "  the transition from Page 'First' to Page 'Second', started at [^\n]*apps/slow/main%.lua:19$", message)
    local again = failure(function() app:settle{ timeout = 1 } end)
    assert.matches("the app is still busy 1 s:\n  the transition from Page 'First' to Page 'Second'", again)
    app:settle{ timeout = 30 }
    assert.is_not_nil(app:find("Second"))
  end)

  it("names a deferred call that keeps deferring", function()
    local app = test.launch("apps/demo")
    local function again() loop.defer(again) end
    loop.defer(again)
    local message = failure(function() app:settle{ timeout = 0.5 } end)
    assert.matches("the app is still busy 0%.5 s:\n  a deferred call$", message)
  end)

  describe("test.waitFor", function()
    it("steps frames until the condition holds and returns its value", function()
      local start = test.now()
      loop.after(0.25, function() start = start end)
      local fired = false
      loop.after(0.25, function() fired = true end)
      local value = test.waitFor(function() return fired and "done" end, { timeout = 1 })
      assert.are.equal("done", value)
      local waited = test.now() - start
      assert.is_true(waited >= 0.25 and waited < 0.25 + 1 / 60 + 1e-9)
    end)

    it("fails with the last value seen after the timeout", function()
      local calls = 0
      local message = failure(function()
        test.waitFor(function() calls = calls + 1 return false end, { timeout = 0.5 })
      end)
      assert.matches("settle_spec%.lua:%d+: test.waitFor: the condition was still not met after 0%.5 s; it last returned false$",
        message)
      assert.are.equal(31, calls)
      message = failure(function() test.waitFor(function() return nil end, { timeout = 0 }) end)
      assert.matches("it last returned nil$", message)
      message = failure(function() test.waitFor(function() end, { timeout = 0 }) end)
      assert.matches("it last returned nothing$", message)
    end)

    it("shows everything the condition returned last", function()
      local message = failure(function()
        test.waitFor(function() return false, "still waiting", { count = 2 } end, { timeout = 0.1 })
      end)
      assert.matches('it last returned false, "still waiting", { count = 2 }$', message)
    end)

    it("shows strings escaped and at most 8 values, so that a message cannot drive the terminal", function()
      local message = failure(function()
        test.waitFor(function() return false, "red\27[31m\0\n\"q\"\\" end, { timeout = 0 })
      end)
      assert.are.equal('it last returned false, "red\\x1B[31m\\x00\\n\\"q\\"\\\\"', message:match("it last returned .*$"))
      message = failure(function()
        test.waitFor(function() return false, 2, 3, 4, 5, 6, 7, 8, 9, 10 end, { timeout = 0 })
      end)
      assert.matches("it last returned false, 2, 3, 4, 5, 6, 7, 8, … %(10 values%)$", message)
      message = failure(function() test.waitFor(function() return false, { ["a\27b"] = 1 } end, { timeout = 0 }) end)
      assert.matches('it last returned false, { %["a\\x1Bb"%] = 1 }$', message)
    end)

    it("raises what the condition raises", function()
      local message = failure(function() test.waitFor(function() error("inside") end) end)
      assert.matches("settle_spec%.lua:%d+: inside$", message)
    end)

    it("refuses hostile arguments", function()
      assert.matches("bad argument #1 to 'waitFor' %(function expected, got no value%)", failure(function() test.waitFor() end))
      assert.matches("timeout: seconds from 0 to 604800 %(a week%) expected, got %-?nan",
        failure(function() test.waitFor(function() end, { timeout = 0 / 0 }) end))
      assert.matches("timeout: seconds from 0 to 604800", failure(function() test.waitFor(function() end, { timeout = -1 }) end))
      assert.matches("table of options expected, got string", failure(function() test.waitFor(function() end, "x") end))
    end)
  end)
end)
