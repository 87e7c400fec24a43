-- What a test's scripts schedule on the loop and leave waiting is cancelled when it ends, so
-- it cannot run (or fail) in the next test; what the file scheduled outside its tests goes
-- on, and so does the host's own work (a container's transition, the store's processing).

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

describe("the host's own work", function()
  local window, nav
  setup(function()
    window = ui.Window:new{ device = "iphone" }
    window:makeKeyAndVisible()
    nav = ui.NavigationController:new(ui.Controller:new{ title = "root" })
    window.rootViewController = nav
  end)

  it("starts a push and leaves it animating", function()
    nav:push(ui.Controller:new{ title = "second" }, true)
  end)

  it("finds the push finished after the loop runs", function()
    test.advance(1)
    assert.are.equal(2, #nav.viewControllers)
    nav:pop(false)
    assert.are.equal(1, #nav.viewControllers)
  end)

  local db, context
  setup(function()
    db = store.open(":memory:", store.model{ Note = { text = "string" } })
    context = db.context
  end)

  it("changes a context and ends before the loop runs", function()
    context:insert("Note", { text = "one" })
  end)

  it("still hears the context's changes", function()
    local heard = 0
    local token = notify.observe("store.objectsDidChange", function() heard = heard + 1 end)
    context:insert("Note", { text = "two" })
    test.advance(0.1)
    notify.remove(token)
    assert.is_true(heard >= 1)
  end)
end)
