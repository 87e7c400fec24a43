-- The two clocks of a test file: loop.now() for intervals, loop.time() for dates. Both are
-- virtual here, so that what a test shows never depends on the day it ran. os.time() and
-- os.date() without a time are the machine's in the file's own code, as under busted, and
-- the loop's wall clock while an app test.launch launched runs, as the app sees them.

local NEW_YEAR_2026 = 1767225600
-- Read when the file loads, before any test moves the clocks.
local startNow, startTime, startOSTime, startDate = loop.now(), loop.time(), os.time(), os.date("!%Y-%m-%d %H:%M:%S")

describe("the clocks in a test file", function()
  it("start at 0 seconds and at 2026-01-01T00:00:00Z", function()
    assert.are.equal(0, startNow)
    assert.are.equal(NEW_YEAR_2026, startTime)
    -- The machine's clock, as the shell's `date` reads it.
    local machine = tonumber(io.popen("date +%s"):read("l"))
    assert.is_true(math.abs(machine - startOSTime) <= 2)
    assert.are.equal(os.date("!%Y-%m-%d %H:%M:%S", startOSTime), startDate)
  end)

  it("move together with test.advance and test.stall, and only then", function()
    local now, time = loop.now(), loop.time()
    assert.are.equal(time, loop.time())
    test.advance(90)
    assert.are.equal(now + 90, loop.now())
    assert.are.equal(time + 90, loop.time())
    test.stall(10)
    assert.are.equal(time + 100, loop.time())
  end)

  it("give os.time and os.date the loop's wall clock while a launched app runs", function()
    local machine = os.time()
    local app = test.launch("pilot/apps/demo", { time = "2030-06-15T08:30Z" })
    assert.are.equal(math.floor(loop.time()), os.time())
    assert.are.equal("2030-06-15 08:30", os.date("!%Y-%m-%d %H:%M"))
    assert.are.equal(os.date("!%c", math.floor(loop.time())), os.date("!%c"))
    assert.is_not_nil(app)
    assert.is_true(os.time() ~= machine)
  end)

  it("give the machine's clock back when the launch ends with its test", function()
    local machine = tonumber(io.popen("date +%s"):read("l"))
    assert.is_true(math.abs(machine - os.time()) <= 2)
  end)

  it("give a timer the wall-clock time of its deadline", function()
    local stamped
    local due = loop.time() + 2.5
    loop.after(2.5, function() stamped = loop.time() end)
    test.advance(5)
    assert.are.equal(due, stamped)
  end)

  it("leave os.time and os.date with a time argument as Lua has them", function()
    assert.are.equal(0, os.time{ year = 1970, month = 1, day = 1, hour = 0, isdst = false } - os.time{ year = 1970, month = 1, day = 1, hour = 0, isdst = false })
    assert.are.equal("1970-01-02", os.date("!%Y-%m-%d", 86400))
    assert.has_error(function() os.time("noon") end, "bad argument #1 to 'time' (table expected, got string)")
  end)

  it("stamp store dates with the wall clock", function()
    local db = store.open(":memory:", store.model{ Entry = { text = "string", created = "date" } })
    local entry = db.context:insert("Entry", { text = "hello", created = loop.time() })
    db.context:save()
    assert.are.equal(loop.time(), entry.created)
    assert.are.equal(os.date("!%Y", math.floor(loop.time())), os.date("!%Y", math.floor(entry.created)))
    -- Let the context's change processing run now rather than leave it to the next file.
    test.advance(0)
  end)
end)
