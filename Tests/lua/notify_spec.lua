-- The notification center and local notifications, through `notify`.

describe("notify", function()
  local log
  local tokens
  before_each(function() log, tokens = {}, {} end)
  after_each(function()
    for _, token in ipairs(tokens) do notify.remove(token) end
  end)
  local function observe(name, fn, options)
    local token = notify.observe(name, fn, options)
    tokens[#tokens + 1] = token
    return token
  end

  it("posts synchronously to observers in registration order", function()
    observe("tick", function(note) log[#log + 1] = "a:" .. note.userInfo.n end)
    observe("tick", function(note) log[#log + 1] = "b:" .. note.userInfo.n end)
    observe("other", function() log[#log + 1] = "other" end)
    notify.post("tick", nil, { n = 1 })
    assert.are.same({ "a:1", "b:1" }, log)
  end)

  it("hands observers the name, the object and the user info as posted", function()
    local received
    local diary = { title = "Diary" }
    observe("saved", function(note) received = note end)
    notify.post("saved", diary, { id = 7, tags = { "x" } })
    assert.are.equal("saved", received.name)
    assert.are.equal(diary, received.object)
    assert.are.same({ id = 7, tags = { "x" } }, received.userInfo)
  end)

  it("filters by object identity", function()
    local mine, theirs = {}, {}
    observe("changed", function() log[#log + 1] = "mine" end, { object = mine })
    observe("changed", function() log[#log + 1] = "any" end)
    notify.post("changed", theirs)
    notify.post("changed", mine)
    assert.are.same({ "any", "mine", "any" }, log)
  end)

  it("removes an observer by its token", function()
    local token = observe("ping", function() log[#log + 1] = "ping" end)
    assert.is_true(token.active)
    notify.remove(token)
    assert.is_false(token.active)
    notify.post("ping")
    assert.are.same({}, log)
  end)

  it("skips an observer removed during a post and does not call one added during it", function()
    local second
    observe("event", function()
      log[#log + 1] = "first"
      notify.remove(second)
      observe("event", function() log[#log + 1] = "added" end)
    end)
    second = observe("event", function() log[#log + 1] = "second" end)
    notify.post("event")
    assert.are.same({ "first" }, log)
    notify.post("event")
    assert.are.same({ "first", "first", "added" }, log)
  end)

  it("reports an error in an observer and still calls the others", function()
    observe("boom", function() error("observer broke") end)
    observe("boom", function() log[#log + 1] = "still called" end)
    notify.post("boom")
    assert.are.same({ "still called" }, log)
    local reported = test.errors()
    assert.are.equal(1, #reported)
    assert.matches("^observer of 'boom' added at .-notify_spec%.lua:%d+$", reported[1].context)
  end)

  describe("local notifications", function()
    local delivered
    before_each(function()
      delivered = {}
      -- The host finds the app in the real globals; a plain global set here would be the block's.
      _G.app = { didReceiveLocalNotification = function(note)
        delivered[#delivered + 1] = { body = note.body, at = loop.now(), userInfo = note.userInfo }
      end }
    end)
    after_each(function() notify.cancelAll(); _G.app = nil end)

    it("are delivered to the app at their time", function()
      local start = loop.now()
      local wake = notify.schedule{ after = 60, body = "Wake up", userInfo = { alarm = 1 } }
      -- `at` is a date, as loop.time() gives them.
      local earlier = notify.schedule{ at = loop.time() + 30, body = "Earlier" }
      assert.are.equal(start + 30, earlier.fireTime)
      assert.are.equal(loop.time() + 30, earlier.fireDate)
      assert.are.equal(loop.time() + 60, wake.fireDate)
      test.advance(59)
      assert.are.equal(1, #delivered)
      assert.are.same({ body = "Earlier", at = start + 30, userInfo = nil }, delivered[1])
      test.advance(1)
      assert.are.same({ body = "Wake up", at = start + 60, userInfo = { alarm = 1 } }, delivered[2])
    end)

    it("can be listed while pending and cancelled", function()
      local first = notify.schedule{ after = 10, body = "first" }
      local second = notify.schedule{ after = 5, body = "second" }
      local pending = notify.pending()
      assert.are.equal(2, #pending)
      assert.are.equal("second", pending[1].body)
      assert.are.equal("first", pending[2].body)
      first:cancel()
      assert.is_false(first.pending)
      test.advance(20)
      assert.are.equal(1, #delivered)
      assert.are.equal("second", delivered[1].body)
      assert.is_false(second.pending)
    end)

    it("need exactly one of after and at", function()
      assert.has_error(function() notify.schedule{ body = "when?" } end,
        "bad argument #1 to 'schedule' (exactly one of 'after' and 'at' expected)")
      assert.has_error(function() notify.schedule{ after = 0/0 } end,
        "bad argument #1 to 'schedule' (finite number expected, got nan in field 'after')")
      assert.has_error(function() notify.schedule{ at = math.huge } end,
        "bad argument #1 to 'schedule' (finite number expected, got inf in field 'at')")
      assert.has_error(function() notify.schedule{ after = 1, at = 2 } end)
    end)
  end)
end)
