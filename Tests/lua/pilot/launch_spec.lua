-- test.launch starts each app clean: its modules loaded afresh, a new data directory, its
-- own errors; what a test leaves running ends with it.
local failure = require("support").failure
-- Midnight of 1970-01-01 UTC as the machine's zone writes it, before any launch.
local machineMidnight = os.date("%Y-%m-%d %H:%M", 0)

describe("test.launch", function()

  it("finds the app from the test file's folder, or else from the current folder", function()
    local app = test.launch("apps/demo")
    assert.is_not_nil(app:find("Add"))
    app = test.launch("Tests/lua/pilot/apps/demo")
    assert.is_not_nil(app:find("Add"))
    assert.matches("test.launch: the app apps/nowhere failed to load: the folder Tests/lua/pilot/apps/nowhere does not exist",
      failure(function() test.launch("apps/nowhere") end))
  end)

  it("says so when no path is given and no folder above the test file is an app", function()
    assert.matches('test.launch: no app holds this test file: no folder from .*/Tests/lua/pilot up has a main.lua; '
      .. 'name the app: test.launch%("path/to/app"%)', failure(function() test.launch() end))
    assert.matches("no app holds this test file", failure(function() test.launch{ device = "ipad" } end))
  end)

  it("loads the app's modules afresh for each launch", function()
    local first = test.launch("apps/demo")
    first:tap("Add")
    assert.are.equal(1, first.app.counter.taps)
    local second = test.launch("apps/demo")
    assert.are.equal(1, second.app.counter.loads)
    assert.are.equal(0, second.app.counter.taps)
    assert.are_not.equal(first.app.counter, second.app.counter)
  end)

  it("gives each launch a fresh data directory", function()
    local first = test.launch("apps/demo")
    first.app.db.context:insert("Note", { text = "kept?" })
    first.app.db.context:save()
    assert.are.equal(1, #first.app.db.context:fetch{ entity = "Note" })
    local second = test.launch("apps/demo")
    assert.are.equal(0, #second.app.db.context:fetch{ entity = "Note" })
  end)

  local left
  it("leaves a timer and a transition running when the test ends", function()
    left = test.launch("apps/demo")
    pcall(function() left:tap("Wait") end)
    local slow = test.launch("apps/slow")
    pcall(function() slow:tap("Swap") end)
  end)

  it("cancels them: they do not reach the next test", function()
    test.advance(200)
    assert.is_nil(left.app.home.count.text:find("Waited"))
    local app = test.launch("apps/demo")
    app:settle()
  end)

  it("gives the app's errors since its launch, taken as test.errors() takes them", function()
    loop.defer(function() error("before the launch") end)
    test.advance(0)
    local app = test.launch("apps/demo")
    app:tap("Fail")
    local errors = app:errors()
    assert.are.equal(1, #errors)
    assert.matches("apps/demo/main%.lua:%d+: the Fail button failed", errors[1].message)
    assert.matches("^action", errors[1].context)
    assert.are.same({}, app:errors())
    local earlier = test.errors()
    assert.are.equal(1, #earlier)
    assert.matches("before the launch", earlier[1].message)
  end)

  it("fails with the app's traceback when didFinishLaunching raises", function()
    local message = failure(function() test.launch("apps/broken") end)
    assert.matches("^[^\n]*launch_spec%.lua:%d+: test.launch: didFinishLaunching of apps/broken failed: "
      .. "[^\n]*apps/broken/main%.lua:5: no root controller for iphone\nstack traceback:\n", message)
    assert.matches("apps/broken/main%.lua:5: in [^\n]*build", message)
    assert.matches("apps/broken/main%.lua:9: in ", message)
  end)

  it("fails with the app's traceback when its main chunk raises", function()
    local message = failure(function() test.launch("apps/badmain") end)
    assert.matches("launch_spec%.lua:%d+: test.launch: the app apps/badmain failed to load: "
      .. "[^\n]*apps/badmain/main%.lua:3: attempt to index a nil value %(local 'settings'%)\nstack traceback:\n"
      .. "[^\n]*apps/badmain/main%.lua:3: in main chunk", message)
  end)

  it("launches a script without an app table on an empty screen", function()
    scriptRan = nil
    local app = test.launch("apps/script")
    assert.are.equal(1, scriptRan)
    assert.are.equal("", app:text())
    assert.is_nil(app:controller())
  end)

  it("takes the device, the orientation and the time", function()
    local app = test.launch("apps/demo", { device = "ipad", orientation = "landscape", time = "2030-06-15T08:30Z" })
    assert.are.same({ width = 1024, height = 768 }, app.window.size)
    assert.are.equal("2030-06-15 08:30", os.date("!%Y-%m-%d %H:%M"))
    app = test.launch("apps/demo", { time = 0 })
    assert.are.equal("1970-01-01", os.date("!%Y-%m-%d"))
    test.advance(86400)
    assert.are.equal("1970-01-02", os.date("!%Y-%m-%d"))
  end)

  it("sets the wall clock back when the test ends", function()
    assert.are_not.equal("1970", os.date("!%Y"))
  end)

  it("shows the app its days in UTC, or in the zone the launch names", function()
    test.launch("apps/demo")
    assert.are.equal("1970-01-01 00:00", os.date("%Y-%m-%d %H:%M", 0))
    assert.are.equal(0, os.time{ year = 1970, month = 1, day = 1, hour = 0 })
    test.launch("apps/demo", { timeZone = "Asia/Tokyo" })
    assert.are.equal("1970-01-01 09:00", os.date("%Y-%m-%d %H:%M", 0))
  end)

  it("gives the process back its own zone when the launch ends", function()
    assert.are.equal(machineMidnight, os.date("%Y-%m-%d %H:%M", 0))
  end)

  it("refuses bad options", function()
    assert.matches("bad argument #1 to 'launch' %(an app's path, a table of options or nothing expected, got number%)",
      failure(function() test.launch(3) end))
    assert.matches("bad argument #2 to 'launch' %(unknown option devcie %(did you mean 'device'%?%); "
      .. "the options are device, orientation, time, replay, dataDir, timeZone%)",
      failure(function() test.launch("apps/demo", { devcie = "ipad" }) end))
    assert.matches("bad argument #2 to 'launch' %(invalid option 'watch'",
      failure(function() test.launch("apps/demo", { device = "watch" }) end))
    assert.matches("time: seconds since 1970 %(finite, within 10%^12%) or a date string expected, got inf",
      failure(function() test.launch("apps/demo", { time = math.huge }) end))
    assert.matches('time: a date "YYYY%-MM%-DD"',
      failure(function() test.launch("apps/demo", { time = "2030-02-30" }) end))
    assert.matches('bad argument #2 to \'launch\' %(timeZone: a time zone name such as "UTC" or "Europe/Paris" expected, got "Mars/Olympus"%)',
      failure(function() test.launch("apps/demo", { timeZone = "Mars/Olympus" }) end))
    assert.matches("bad argument #2 to 'launch' %(string expected, got boolean in field 'timeZone'%)",
      failure(function() test.launch("apps/demo", { timeZone = true }) end))
    assert.matches("bad argument #2 to 'launch' %(table of options expected, got number%)",
      failure(function() test.launch("apps/demo", 3) end))
    assert.matches("bad argument #1 to 'launch' %(an app's folder or Lua file %(a path of 1 to 4096 bytes%) expected%)",
      failure(function() test.launch(("x"):rep(5000)) end))
    assert.matches("bad argument #2 to 'launch' %(replay: a recording file %(a path of 1 to 4096 bytes%) expected%)",
      failure(function() test.launch("apps/demo", { replay = "" }) end))
    assert.matches("bad argument #1 to 'launch' %(an app's folder or Lua file %(a path of 1 to 4096 bytes%) expected, "
      .. "got a path with a NUL byte%)", failure(function() test.launch("apps/demo\0/x") end))
    assert.matches("bad argument #2 to 'launch' %(replay: a recording file %(a path of 1 to 4096 bytes%) expected, "
      .. "got a path with a NUL byte%)", failure(function() test.launch("apps/demo", { replay = "apps/demo.rec\0x" }) end))
    -- A number is not a path: it would name a folder "-nan" or "-9223372036854775808".
    assert.matches("bad argument #2 to 'launch' %(dataDir: a data directory %(a path%) expected, got number%)",
      failure(function() test.launch("apps/demo", { dataDir = 0 / 0 }) end))
    assert.matches("replay: a recording file %(a path%) expected, got number",
      failure(function() test.launch("apps/demo", { replay = math.mininteger }) end))
    -- Metatables on the options are not asked.
    local tricky = setmetatable({}, { __index = function() error("asked") end, __pairs = function() error("asked") end })
    assert.is_not_nil(test.launch("apps/demo", tricky):find("Add"))
  end)
end)

describe("a pilot whose app has ended", function()
  local kept
  it("is kept past its test", function()
    kept = test.launch("apps/demo")
  end)

  it("refuses input after its test ended, and its app sees none", function()
    assert.matches("the pilot of apps/demo cannot tap: its app has ended %(its test ended, or a later test.launch%)",
      failure(function() kept:tap("Add") end))
    assert.matches("cannot swipe: its app has ended", failure(function() kept:swipe("left") end))
    assert.matches("cannot key: its app has ended", failure(function() kept:key("escape") end))
    assert.are.equal(0, kept.app.counter.taps)
  end)

  it("refuses input after a later launch", function()
    local first = test.launch("apps/demo")
    local second = test.launch("apps/demo")
    assert.matches("the pilot of apps/demo cannot tap: its app has ended", failure(function() first:tap("Add") end))
    assert.are.equal(0, first.app.counter.taps)
    second:tap("Add")
    assert.are.equal(1, second.app.counter.taps)
  end)
end)

describe("test.launch with replay", function()
  it("plays the recording from the launch, then settles", function()
    local start = test.now()
    local app = test.launch("apps/demo", { replay = "apps/demo.rec" })
    assert.is_true(test.now() - start >= 2.5)
    assert.is_not_nil(app:find("Count: 2"))
    assert.are.equal("Ann", app.app.home.field.text)
    app:tap("Add")
    assert.is_not_nil(app:find("Count: 3"))
  end)

  it("takes the device from the recording unless the options give one", function()
    local app = test.launch("apps/demo", { replay = "apps/demo.rec", orientation = "landscape" })
    assert.are.same({ width = 480, height = 320 }, app.window.size)
  end)

  it("seeds math.random as the recording says", function()
    test.launch("apps/demo", { replay = "apps/seeded.rec" })
    local first = math.random(1000000)
    math.randomseed(42)
    assert.are.equal(math.random(1000000), first)
  end)

  it("fails with the recording's line when it cannot be read", function()
    assert.matches("test.launch: the recording cannot be played: [^\n]*apps/bad%.rec:2: unknown event 'tuch'",
      failure(function() test.launch("apps/demo", { replay = "apps/bad.rec" }) end))
    assert.matches("test.launch: the recording cannot be played: [^\n]*apps/none%.rec: no such recording file",
      failure(function() test.launch("apps/demo", { replay = "apps/none.rec" }) end))
  end)
end)
