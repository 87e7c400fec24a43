-- What a test schedules on the loop and leaves waiting is cancelled when it ends, so it
-- cannot run (or fail) in the next test; what the file scheduled outside its tests goes on.

local ticks = 0
loop.every(1, function() ticks = ticks + 1 end)

describe("a test's leftovers", function()
  local kept
  setup(function() kept = loop.after(100, function() end) end)

  it("schedules a timer, a deferred call and a notification and leaves them", function()
    loop.after(1, function() error("a timer from the first test") end)
    loop.every(0.5, function() error("a repeating timer from the first test") end)
    loop.defer(function() error("a deferred call from the first test") end)
    notify.schedule{ after = 1, body = "from the first test" }
    assert.are.equal(1, #notify.pending())
  end)

  it("sees none of them run", function()
    local before = ticks
    test.advance(2)
    assert.are.same({}, test.errors())
    assert.are.same({}, notify.pending())
    -- The file's clock and the timer made in setup are not the test's.
    assert.are.equal(before + 2, ticks)
    assert.is_true(kept.active)
  end)

  it("still runs what a test schedules and waits for", function()
    local fired = false
    loop.after(1, function() fired = true end)
    test.advance(1)
    assert.is_true(fired)
  end)
end)
