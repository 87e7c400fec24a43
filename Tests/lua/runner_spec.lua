-- The runner tested with itself: each test runs a small suite of its own
-- through the host contract and looks at what came out.

local runner = require("screentest.runner")
local getinfo = debug.getinfo

-- "file:line" of the line calling here(), worded as the runner words it.
local function here()
  local info = getinfo(2, "Sl")
  local file = info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src
  return file .. ":" .. info.currentline
end

-- Runs body as a test file of its own, as the host would: body gets the
-- inner suite's functions as its globals (name the parameter _ENV).
-- Returns the result, the reporter's events and the suite.
local function run_file(body, options, prepare)
  local suite = runner.new(options or { file = "inner_spec.lua" })
  local env = setmetatable({}, { __index = _G })
  for k, v in pairs(suite.env) do env[k] = v end
  if prepare then prepare(suite) end
  suite:collect(function() body(env) end)
  local events = {}
  local result = suite:run({
    test_started = function(test) events[#events + 1] = "start " .. test.name end,
    test_finished = function(test) events[#events + 1] = test.status .. " " .. test.name end,
  })
  return result, events, suite
end

local function counts(result)
  return string.format("%d passed, %d failed, %d skipped", result.passed, result.failed, result.skipped)
end

local function names(result, status)
  local list = {}
  for _, test in ipairs(result.tests) do
    if status == nil or test.status == status then list[#list + 1] = test.name end
  end
  return list
end

describe("counting", function()
  it("counts passed, failed and skipped tests", function()
    local result = run_file(function(_ENV)
      it("passes", function() end)
      it("fails", function() assert.is_true(false) end)
      it("raises", function() error("boom") end)
      it("has no function")   -- busted waits for the function: not declared
      pending("is pending")
    end)
    assert.equal("1 passed, 2 failed, 1 skipped", counts(result))
    assert.same({ "passes", "fails", "raises", "is pending" }, names(result))
  end)

  it("keeps running after a test raises", function()
    local ran = {}
    local result = run_file(function(_ENV)
      it("one", function() ran[#ran + 1] = 1; error("first") end)
      it("two", function() ran[#ran + 1] = 2; error({}) end)
      it("three", function() ran[#ran + 1] = 3 end)
    end)
    assert.same({ 1, 2, 3 }, ran)
    assert.equal("1 passed, 2 failed, 0 skipped", counts(result))
  end)

  it("reports each entry as started then finished, in order", function()
    local _, events = run_file(function(_ENV)
      describe("block", function()
        it("a", function() end)
        pending("b")
        it("c", function() error("x") end)
      end)
    end)
    assert.same({
      "start block a", "passed block a",
      "start block b", "skipped block b",
      "start block c", "failed block c",
    }, events)
  end)

  it("runs without a reporter", function()
    local suite = runner.new({ file = "x_spec.lua" })
    suite:collect(function() suite.env.it("a", function() end) end)
    assert.equal("1 passed, 0 failed, 0 skipped", counts(suite:run()))
  end)

  it("runs an empty file", function()
    local result = run_file(function() end)
    assert.equal("0 passed, 0 failed, 0 skipped", counts(result))
    assert.same({}, result.tests)
  end)
end)

describe("names and locations", function()
  it("joins the names of the enclosing blocks with spaces", function()
    local result = run_file(function(_ENV)
      describe("outer", function()
        context("inner", function()
          it("test", function() end)
        end)
        it("direct", function() end)
      end)
      it("top", function() end)
    end)
    assert.same({ "outer inner test", "outer direct", "top" }, names(result))
  end)

  it("locates a test where it was called", function()
    local where
    local result = run_file(function(_ENV)
      where = here(); it("here", function() end)
    end)
    assert.equal(where, result.tests[1].location)
  end)

  it("takes numbers as names", function()
    local result = run_file(function(_ENV)
      describe(1, function() it(2, function() end) end)
    end)
    assert.equal("1 2", result.tests[1].name)
  end)
end)

describe("hooks", function()
  it("run outside-in before and inside-out after each test", function()
    local log = {}
    local function note(event) return function() log[#log + 1] = event end end
    run_file(function(_ENV)
      setup(note("file setup"))
      before_each(note("file before"))
      after_each(note("file after"))
      describe("outer", function()
        setup(note("outer setup"))
        teardown(note("outer teardown"))
        before_each(note("outer before"))
        after_each(note("outer after"))
        describe("inner", function()
          before_each(note("inner before"))
          after_each(note("inner after"))
          it("one", function()
            finally(note("one finally"))
            log[#log + 1] = "one"
          end)
          it("two", note("two"))
        end)
        it("three", note("three"))
      end)
      teardown(note("file teardown"))
    end)
    assert.same({
      "file setup", "outer setup",
      "file before", "outer before", "inner before", "one", "one finally",
      "inner after", "outer after", "file after",
      "file before", "outer before", "inner before", "two",
      "inner after", "outer after", "file after",
      "file before", "outer before", "three", "outer after", "file after",
      "outer teardown", "file teardown",
    }, log)
  end)

  it("run several hooks of a block in the order given", function()
    local log = {}
    run_file(function(_ENV)
      before_each(function() log[#log + 1] = "before 1" end)
      before_each(function() log[#log + 1] = "before 2" end)
      after_each(function() log[#log + 1] = "after 1" end)
      after_each(function() log[#log + 1] = "after 2" end)
      it("test", function() log[#log + 1] = "test" end)
    end)
    assert.same({ "before 1", "before 2", "test", "after 1", "after 2" }, log)
  end)

  it("apply to tests declared before them in the block", function()
    local log = {}
    run_file(function(_ENV)
      it("test", function() log[#log + 1] = "test" end)
      before_each(function() log[#log + 1] = "before" end)
    end)
    assert.same({ "before", "test" }, log)
  end)

  it("run lazy_setup before the first test that runs, and lazy_teardown if it ran", function()
    local log = {}
    local function note(event) return function() log[#log + 1] = event end end
    run_file(function(_ENV)
      describe("lazy", function()
        lazy_setup(note("lazy setup"))
        lazy_teardown(note("lazy teardown"))
        strict_setup(note("strict setup"))
        strict_teardown(note("strict teardown"))
        pending("first")
        it("second", note("second"))
        it("third", note("third"))
      end)
      describe("only pending", function()
        lazy_setup(note("never"))
        lazy_teardown(note("never either"))
        setup(note("strict setup runs anyway"))
        pending("nothing to run")
      end)
    end)
    assert.same({
      "strict setup", "lazy setup", "second", "third", "lazy teardown", "strict teardown",
      "strict setup runs anyway",
    }, log)
  end)

  it("skip a test whose before_each failed, running the after_each of the levels entered", function()
    local log = {}
    local function note(event) return function() log[#log + 1] = event end end
    local result = run_file(function(_ENV)
      describe("outer", function()
        before_each(function() log[#log + 1] = "outer before"; error("broken") end)
        before_each(note("second outer before"))
        after_each(note("outer after"))
        describe("inner", function()
          before_each(note("inner before"))
          after_each(note("inner after"))
          it("test", note("test"))
        end)
      end)
    end)
    -- As busted: the other hooks of the level that failed still run; the test does not,
    -- and only the failed hook counts.
    assert.same({ "outer before", "second outer before", "outer after" }, log)
    assert.equal("0 passed, 1 failed, 0 skipped", counts(result))
    assert.equal("outer inner test", result.tests[1].name)
    assert.matches("broken$", result.tests[1].failure.message)
  end)

  it("count an after_each that raises as a failure of its own, after the test's entry", function()
    local result = run_file(function(_ENV)
      after_each(function() error("after broke") end)
      it("test", function() end)
    end)
    assert.equal("1 passed, 1 failed, 0 skipped", counts(result))
    assert.equal("passed", result.tests[1].status)
    assert.equal("test", result.tests[2].name)
    assert.matches("after broke$", result.tests[2].failure.message)
  end)

  it("keep a test's first failure when after_each raises too", function()
    local ran = false
    local result = run_file(function(_ENV)
      after_each(function() error("after broke") end)
      after_each(function() ran = true end)
      it("test", function() error("test broke") end)
    end)
    assert.is_true(ran)
    assert.matches("test broke$", result.tests[1].failure.message)
  end)

  it("cannot be declared inside a test", function()
    local result = run_file(function(_ENV)
      it("test", function() before_each(function() end) end)
    end)
    assert.equal("'before_each' not supported inside current context block",
                 (result.tests[1].failure.message:gsub("^.-:%d+: ", "")))
  end)
end)

describe("setup and teardown", function()
  it("count a failed setup as one entry named after its block and skip its tests", function()
    local ran, where = {}, nil
    local result = run_file(function(_ENV)
      describe("outer", function()
        where = here(); describe("broken", function()
          setup(function() error("setup broke") end)
          teardown(function() ran[#ran + 1] = "teardown" end)
          it("one", function() ran[#ran + 1] = "one" end)
          describe("deeper", function()
            it("two", function() ran[#ran + 1] = "two" end)
          end)
        end)
        it("after", function() ran[#ran + 1] = "after" end)
      end)
    end)
    assert.equal("1 passed, 1 failed, 0 skipped", counts(result))
    assert.same({ "outer broken", "outer after" }, names(result))
    local entry = result.tests[1]
    assert.equal(where, entry.location)
    assert.matches("setup broke$", entry.failure.message)
    assert.is_string(entry.failure.traceback)
    -- teardown still runs, to release what setup got before failing
    assert.same({ "teardown", "after" }, ran)
  end)

  it("count a failed teardown as one more entry", function()
    local result = run_file(function(_ENV)
      describe("block", function()
        teardown(function() error("teardown broke") end)
        it("one", function() end)
        it("two", function() end)
      end)
    end)
    assert.equal("2 passed, 1 failed, 0 skipped", counts(result))
    assert.same({ "block one", "block two", "block" }, names(result))
  end)

  it("count a failed lazy_setup as one entry, before any of its tests", function()
    local result = run_file(function(_ENV)
      describe("lazy", function()
        lazy_setup(function() error("lazy broke") end)
        it("one", function() end)
        it("two", function() end)
      end)
      it("after", function() end)
    end)
    assert.equal("1 passed, 1 failed, 0 skipped", counts(result))
    assert.same({ "lazy", "after" }, names(result))
  end)

  it("name a failing file-level setup after the file", function()
    local result = run_file(function(_ENV)
      setup(function() error("file setup broke") end)
      it("never", function() end)
    end, { file = "some/file_spec.lua" })
    assert.equal("0 passed, 1 failed, 0 skipped", counts(result))
    assert.equal("some/file_spec.lua", result.tests[1].name)
  end)
end)

describe("pending", function()
  it("stops a test and marks it skipped when called inside it", function()
    local reached = false
    local result = run_file(function(_ENV)
      it("test", function()
        pending("later")
        reached = true
      end)
    end)
    assert.is_false(reached)
    assert.equal("0 passed, 0 failed, 1 skipped", counts(result))
    assert.equal("later", result.tests[1].reason)
    assert.is_nil(result.tests[1].failure)
  end)

  it("in a before_each neither stops the test nor counts", function()
    local log = {}
    local result = run_file(function(_ENV)
      before_each(function() pending("not today") end)
      after_each(function() log[#log + 1] = "after" end)
      it("test", function() log[#log + 1] = "test" end)
    end)
    assert.same({ "test", "after" }, log)
    assert.equal("1 passed, 0 failed, 0 skipped", counts(result))
  end)

  it("does not undo a failure", function()
    local result = run_file(function(_ENV)
      after_each(function() pending("too late") end)
      it("test", function() error("broke") end)
    end)
    assert.equal("failed", result.tests[1].status)
  end)

  it("keeps the test skipped when after_each raises, which counts as a failure", function()
    local result = run_file(function(_ENV)
      after_each(function() error("after broke") end)
      it("test", function() pending("skip") end)
    end)
    assert.equal("0 passed, 1 failed, 1 skipped", counts(result))
    assert.equal("skipped", result.tests[1].status)
  end)

  it("declares skipped tests with it(name) and pending(name)", function()
    local where
    local result = run_file(function(_ENV)
      where = here(); pending("one")
      pending("two", function() error("never runs") end)
    end)
    assert.same({ "one", "two" }, names(result, "skipped"))
    assert.equal(where, result.tests[1].location)
  end)
end)

describe("finally", function()
  it("runs after the test, even when it fails; as in busted, the last one given only", function()
    local log = {}
    local result = run_file(function(_ENV)
      after_each(function() log[#log + 1] = "after" end)
      it("test", function()
        finally(function() log[#log + 1] = "first" end)
        finally(function() log[#log + 1] = "second" end)
        error("broke")
      end)
    end)
    assert.same({ "second", "after" }, log)
    assert.matches("broke$", result.tests[1].failure.message)
  end)

  it("counts its error besides the test's", function()
    local result = run_file(function(_ENV)
      it("test", function()
        finally(function() error("cleanup broke") end)
        error("broke")
      end)
    end)
    assert.equal("0 passed, 2 failed, 0 skipped", counts(result))
    assert.matches("broke$", result.tests[1].failure.message)
    assert.matches("cleanup broke$", result.tests[2].failure.message)
  end)

  it("fails the test when it raises", function()
    local result = run_file(function(_ENV)
      it("test", function() finally(function() error("cleanup broke") end) end)
    end)
    assert.matches("cleanup broke$", result.tests[1].failure.message)
  end)

  it("must be called inside a test", function()
    local result = run_file(function(_ENV)
      finally(function() end)
    end)
    assert.equal("0 passed, 1 failed, 0 skipped", counts(result))
    assert.matches("'finally' not supported inside current context block$", result.tests[1].failure.message)
  end)
end)

describe("filter", function()
  local function body(_ENV)
    describe("math", function()
      it("adds fast", function() end)
      it("divides slowly", function() error("slow") end)
      pending("multiplies fast")
    end)
    describe("strings", function()
      setup(function() error("never set up") end)
      it("concatenates slowly", function() end)
    end)
  end

  -- As busted: the tests left out are not declared, and a block's setup runs
  -- whether or not tests are left in it.
  it("runs only the tests whose full name matches one of them, counting no others", function()
    local result = run_file(body, { file = "f_spec.lua", filters = { "fast" } })
    assert.equal("1 passed, 1 failed, 1 skipped", counts(result))
    assert.same({ "math adds fast", "math multiplies fast", "strings" }, names(result))
    result = run_file(body, { file = "f_spec.lua", filters = { "adds", "divides" } })
    assert.same({ "math adds fast", "math divides slowly", "strings" }, names(result))
  end)

  it("matches Lua patterns against the full name", function()
    local result = run_file(body, { file = "f_spec.lua", filters = { "^math d.-ly$" } })
    assert.same({ "math divides slowly", "strings" }, names(result))
  end)

  it("filters out tests and whole blocks whose full name matches", function()
    local result = run_file(body, { file = "f_spec.lua", filters_out = { "slowly", "^strings" } })
    assert.same({ "math adds fast", "math multiplies fast" }, names(result))
  end)

  it("reports a bad pattern", function()
    local result = run_file(body, { file = "f_spec.lua", filters = { "[" } })
    assert.equal("0 passed, 2 failed, 0 skipped", counts(result))
    assert.matches("bad filter pattern '%['", result.tests[2].failure.message)
  end)
end)

describe("starting again after a call that ended the process", function()
  -- Paths are indexes in the parents' children, hooks counted: outer {1} (its setup
  -- {1,0}, a {1,3}, inner {1,4}, b {1,4,2}, c {1,5}, its teardown {1,6}), broken {2} (its
  -- body {2,-1}), d {3}.
  local log
  local function body(_ENV)
    describe("outer", function()
      setup(function() log[#log + 1] = "outer setup" end)
      teardown(function() log[#log + 1] = "outer teardown" end)
      it("a", function() log[#log + 1] = "a" end)
      describe("inner", function()
        setup(function() log[#log + 1] = "inner setup" end)
        it("b", function() log[#log + 1] = "b" end)
      end)
      it("c", function() log[#log + 1] = "c" end)
    end)
    describe("broken", function() error("body broke") end)
    it("d", function() log[#log + 1] = "d" end)
  end

  before_each(function() log = {} end)

  it("runs and reports only what comes after, setting up only the blocks with tests left", function()
    local result = run_file(body, { file = "f_spec.lua", after = { 1, 4, 2 } })
    assert.same({ "outer c", "broken", "d" }, names(result))
    assert.same({ "outer setup", "c", "outer teardown", "d" }, log)
  end)

  it("skips a whole block that came before", function()
    local result = run_file(body, { file = "f_spec.lua", after = { 1, 5 } })
    assert.same({ "broken", "d" }, names(result))
    assert.same({ "d" }, log)
  end)

  it("skips the block whose body, setup or teardown ended the process", function()
    for _, after in ipairs({ { 1, 0 }, { 1, 6 } }) do
      log = {}
      local result = run_file(body, { file = "f_spec.lua", after = after })
      assert.same({ "broken", "d" }, names(result))
      assert.same({ "d" }, log)
    end
    local result = run_file(body, { file = "f_spec.lua", after = { 2, -1 } })
    assert.same({ "d" }, names(result))
  end)

  it("runs everything without a path", function()
    local result = run_file(body, { file = "f_spec.lua" })
    assert.same({ "outer a", "outer inner b", "outer c", "broken", "d" }, names(result))
    assert.same({ "outer setup", "a", "inner setup", "b", "c", "outer teardown", "d" }, log)
  end)

  it("runs nothing after the last test", function()
    local result = run_file(body, { file = "f_spec.lua", after = { 3 } })
    assert.same({}, names(result))
    assert.same({}, log)
  end)

  it("runs the bodies again, in the same shuffled order", function()
    local order = {}
    local function shuffled(_ENV)
      describe("block", function()
        order[#order + 1] = "body"
        for i = 1, 6 do it("t" .. i, function() order[#order + 1] = i end) end
      end)
    end
    run_file(shuffled, { file = "f_spec.lua", seed = 3 })
    local full = table.concat(order, " ", 2)
    order = {}
    -- After the third test: its path is the third child's, whichever test that is.
    run_file(shuffled, { file = "f_spec.lua", seed = 3, after = { 1, 3 } })
    assert.equal("body", order[1])
    assert.equal(full:match("^%S+ %S+ %S+ (.*)$"), table.concat(order, " ", 2))
  end)
end)

describe("a host's call", function()
  -- The frames from the caller of this function to the outermost.
  local function depth()
    local level = 2
    while debug.getinfo(level + 1, "l") do level = level + 1 end
    return level - 1
  end

  -- A host's call written in Lua, as the top of runner.lua asks: its message
  -- handler tells the runner's how deep the protected frames go.
  local function host_call(_, handler, fn, ...)
    local base = depth()
    return xpcall(fn, function(err)
      local described = handler(err, depth() - base)
      return described
    end, ...)
  end

  it("makes every call into the file, told what runs and where the file could go on", function()
    local seen = {}
    local where = {}
    local result = run_file(function(_ENV)
      where.block = here(); describe("block", function()
        setup(function() end)
        before_each(function() end)
        where.test = here(); it("test", function() end)
      end)
    end, { file = "f_spec.lua", call = function(what, ...)
      seen[#seen + 1] = what
      return host_call(what, ...)
    end })
    assert.equal("1 passed, 0 failed, 0 skipped", counts(result))
    assert.same({
      { name = "f_spec.lua", location = "f_spec.lua", resume = { -1 } },     -- the file
      { name = "block", location = where.block, resume = { 1, -1 } },        -- the describe body
      { name = "block", location = where.block, resume = { 1, 0 } },         -- setup
      { name = "block test", location = where.test, resume = { 1, 3 } },     -- before_each
      { name = "block test", location = where.test, resume = { 1, 3 } },     -- the test
    }, seen)
  end)

  it("leaves the failures as they are without it", function()
    local function helper() error("deep down") end
    local function file(_ENV)
      it("test", function() helper() end)
    end
    local plain = run_file(file)
    local called = run_file(file, { file = "inner_spec.lua", call = host_call })
    assert.same(plain.tests[1].failure, called.tests[1].failure)
    assert.equal(2, select(2, called.tests[1].failure.traceback:gsub("\n", "")))   -- helper, the test
  end)

  it("that hands the handler to xpcall as it is still gets the message and its place", function()
    local result = run_file(function(_ENV)
      it("test", function() error("plain") end)
    end, { file = "inner_spec.lua", call = function(_, handler, fn, ...) return xpcall(fn, handler, ...) end })
    local failure = result.tests[1].failure
    assert.matches("runner_spec%.lua:%d+: plain$", failure.message)
    assert.matches("runner_spec%.lua:%d+$", failure.location)
  end)
end)

describe("failure records", function()
  it("give the assertion's message and place, without a traceback", function()
    local where
    local result = run_file(function(_ENV)
      it("test", function()
        where = here(); assert.are.equal(1, 2)
      end)
    end)
    assert.same({
      message = where .. ": Expected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1",
      location = where,
    }, result.tests[1].failure)
  end)

  it("give a Lua error's message and place, and the test's part of the traceback", function()
    local where, defined
    local function helper() error("deep down") end
    local result = run_file(function(_ENV)
      defined = here(); it("test", function()
        where = here(); helper()
      end)
    end)
    local failure = result.tests[1].failure
    local place = getinfo(helper, "S").short_src
    assert.equal(place .. ":" .. getinfo(helper, "S").linedefined .. ": deep down", failure.message)
    assert.equal(place .. ":" .. getinfo(helper, "S").linedefined, failure.location)
    local lines = {}
    for line in failure.traceback:gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.equal("stack traceback:", lines[1])
    assert.matches("in upvalue 'helper'$", lines[2])
    assert.equal("\t" .. where .. ": in function <" .. defined .. ">", lines[3])
    assert.equal(3, #lines)
  end)

  it("leave the runner's frames out of tracebacks", function()
    local result = run_file(function(_ENV)
      it("test", function()
        local s = spy.new(function() error("inside the spy") end)
        s()
      end)
    end)
    local traceback = result.tests[1].failure.traceback
    for _, word in ipairs({ "runner.lua", "spy.lua", "assert.lua", "xpcall", "'error'" }) do
      assert.is_nil(traceback:find(word, 1, true))
    end
    assert.equal(2, select(2, traceback:gsub("\n", "")))   -- the spied function, the test
  end)

  it("show a table error through its __tostring", function()
    local result = run_file(function(_ENV)
      it("test", function()
        error(setmetatable({}, { __tostring = function() return "custom error" end }))
      end)
    end)
    assert.equal("custom error", result.tests[1].failure.message)
  end)

  it("show other error values formatted, located at the raising line", function()
    local where = {}
    local result = run_file(function(_ENV)
      it("table", function() where[1] = here(); error({ code = 42 }) end)
      it("nil", function() where[2] = here(); error() end)
      it("number", function() where[3] = here(); error(7) end)
      it("no position", function() where[4] = here(); error("bare", 0) end)
    end)
    local failures = {}
    for i, test in ipairs(result.tests) do failures[i] = test.failure end
    -- As luassert formats them.
    assert.matches("^%(table: 0x%x+%) {\n  %[code%] = 42 }$", failures[1].message)
    assert.equal(where[1], failures[1].location)
    assert.equal("(nil)", failures[2].message)
    assert.equal(where[2], failures[2].location)
    assert.equal("7", failures[3].message)
    assert.equal("bare", failures[4].message)
    assert.equal(where[4], failures[4].location)
  end)

  it("survive a stack overflow, showing the ends of the stack", function()
    local result = run_file(function(_ENV)
      it("recurses", function()
        local function recurse() return 1 + recurse() end
        recurse()
      end)
    end)
    local failure = result.tests[1].failure
    assert.matches("stack overflow", failure.message)
    assert.matches("\n\t%.%.%.\t%(skipping %d+ levels%)\n", failure.traceback)
  end)

  it("still work when the test clobbers globals", function()
    -- Those luassert itself needs (debug, type, string, ...) break assertions under
    -- busted too.
    local saved = { pcall = pcall, xpcall = xpcall, error = error, rawequal = rawequal }
    local result = run_file(function(_ENV)
      before_each(function()
        for k in pairs(saved) do _G[k] = nil end
      end)
      after_each(function()
        for k, v in pairs(saved) do _G[k] = v end
      end)
      it("fails an assertion", function() assert.equal(1, 2) end)
      it("raises", function() local t; return t.x end)
    end)
    assert.equal(pcall, saved.pcall)
    assert.equal("0 passed, 2 failed, 0 skipped", counts(result))
    assert.matches(": Expected objects to be equal", result.tests[1].failure.message)
    assert.matches("attempt to index a nil value", result.tests[2].failure.message)
  end)
end)

describe("collecting", function()
  it("turns a describe body's error into one entry named after the block", function()
    local where
    local result = run_file(function(_ENV)
      where = here(); describe("broken", function()
        it("declared first", function() end)
        error("body broke")
      end)
      it("after", function() end)
    end)
    assert.equal("1 passed, 1 failed, 0 skipped", counts(result))
    assert.same({ "broken", "after" }, names(result))
    assert.equal(where, result.tests[1].location)
    assert.matches("body broke$", result.tests[1].failure.message)
  end)

  it("turns a file body's error into one entry named after the file", function()
    local result = run_file(function(_ENV)
      it("declared first", function() end)
      error("file broke")
    end, { file = "broken_spec.lua" })
    assert.equal("0 passed, 1 failed, 0 skipped", counts(result))
    assert.equal("broken_spec.lua", result.tests[1].name)
    assert.matches("file broke$", result.tests[1].failure.message)
  end)

  it("records a file that did not load", function()
    local suite = runner.new({ file = "bad_spec.lua" })
    suite:fail_file("bad_spec.lua:3: unexpected symbol near '='")
    local result = suite:run({})
    assert.equal("0 passed, 1 failed, 0 skipped", counts(result))
    assert.same({
      name = "bad_spec.lua", location = "bad_spec.lua:3", status = "failed", block = true,
      failure = { message = "bad_spec.lua:3: unexpected symbol near '='", location = "bad_spec.lua:3" },
    }, result.tests[1])
  end)

  it("rejects tests declared inside a running test", function()
    local result = run_file(function(_ENV)
      it("outer", function() it("inner", function() end) end)
    end)
    assert.equal("0 passed, 1 failed, 0 skipped", counts(result))
    assert.matches("'it' not supported inside current context block$", result.tests[1].failure.message)
  end)

  it("checks the arguments of describe and it", function()
    local result = run_file(function(_ENV)
      describe("no function", 42)
    end)
    assert.matches("bad argument #2 to 'describe' %(function expected, got number%)$",
                   result.tests[1].failure.message)
    result = run_file(function(_ENV) it({}, function() end) end)
    assert.matches("bad argument #1 to 'it' %(string expected, got table%)$",
                   result.tests[1].failure.message)
  end)
end)

describe("host hooks", function()
  it("run around the file's hooks and get the test record", function()
    local log = {}
    local result = run_file(function(_ENV)
      before_each(function() log[#log + 1] = "user before" end)
      after_each(function() log[#log + 1] = "user after" end)
      it("test", function() log[#log + 1] = "test" end)
    end, nil, function(suite)
      suite:add_hooks({
        before_each = function(test) log[#log + 1] = "host 1 before " .. test.name end,
        after_each = function(test) log[#log + 1] = "host 1 after " .. test.status end,
      })
      suite:add_hooks({
        before_each = function() log[#log + 1] = "host 2 before" end,
        after_each = function() log[#log + 1] = "host 2 after" end,
      })
    end)
    assert.same({
      "host 1 before test", "host 2 before", "user before", "test",
      "user after", "host 2 after", "host 1 after passed",
    }, log)
    assert.equal(1, result.passed)
  end)

  it("fail the test when they raise, skipping the file's hooks", function()
    local log = {}
    local result = run_file(function(_ENV)
      before_each(function() log[#log + 1] = "user before" end)
      after_each(function() log[#log + 1] = "user after" end)
      it("test", function() log[#log + 1] = "test" end)
    end, nil, function(suite)
      suite:add_hooks({
        before_each = function() error("host broke") end,
        after_each = function() log[#log + 1] = "host after" end,
      })
    end)
    assert.same({ "host after" }, log)
    assert.matches("host broke$", result.tests[1].failure.message)
  end)

  it("count a failure of their own when the host's after_each raises", function()
    local result = run_file(function(_ENV)
      it("test", function() end)
    end, nil, function(suite)
      suite:add_hooks({ after_each = function() error("host after broke") end })
    end)
    assert.equal("1 passed, 1 failed, 0 skipped", counts(result))
    assert.matches("host after broke$", result.tests[2].failure.message)
  end)

  it("can see the running test", function()
    local seen
    local suite
    run_file(function(_ENV)
      it("test", function() seen = suite:current_test().name end)
    end, nil, function(s) suite = s end)
    assert.equal("test", seen)
    assert.is_nil(suite:current_test())
  end)
end)

describe("spies in tests", function()
  it("are reverted after the test that made them", function()
    local target = { f = function() return "original" end }
    local seen = {}
    run_file(function(_ENV)
      describe("block", function()
        setup(function() stub(target, "f", "from setup") end)
        it("stubs", function()
          stub(target, "f", "stubbed")
          seen[#seen + 1] = target.f()
        end)
        it("sees the setup's stub", function() seen[#seen + 1] = target.f() end)
      end)
      it("sees the original", function() seen[#seen + 1] = target.f() end)
    end)
    assert.same({ "stubbed", "from setup", "original" }, seen)
  end)

  it("are reverted after each test, whatever the tests before it did or did not", function()
    local target = { f = function() return "original" end }
    local seen = {}
    local function see(what) seen[#seen + 1] = what end
    run_file(function(_ENV)
      it("does nothing", function() see(target.f()) end)
      it("stubs", function()
        stub(target, "f", "stubbed")
        see(target.f())
      end)
      it("does nothing again", function() see(target.f()) end)
      it("sets a parameter", function()
        assert:set_parameter("TableFormatLevel", 7)
        see(assert:get_parameter("TableFormatLevel"))
      end)
      it("sees the default", function() see(assert:get_parameter("TableFormatLevel")) end)
      describe("block", function()
        setup(function() stub(target, "f", "from setup") end)
        it("sees the setup's stub", function() see(target.f()) end)
        it("takes a snapshot and leaves it", function()
          assert:snapshot()
          stub(target, "f", "inner")
          see(target.f())
        end)
        it("sees the setup's stub again", function() see(target.f()) end)
        teardown(function() see(target.f()) end)
      end)
      it("sees the original after the block", function() see(target.f()) end)
    end)
    assert.same({ "original", "stubbed", "original", 7, 3, "from setup", "inner", "from setup", "from setup",
                  "original" }, seen)
  end)
end)

describe("assertion failures", function()
  it("are recognised after coming out of a coroutine", function()
    local where
    local result = run_file(function(_ENV)
      it("test", function()
        coroutine.wrap(function() where = here(); assert.equal(1, 2) end)()
      end)
    end)
    local failure = result.tests[1].failure
    assert.equal(where .. ": Expected objects to be equal.", failure.message:match("^[^\n]*"))
    assert.equal(where, failure.location)
    assert.is_nil(failure.traceback)
  end)

  it("caught and wrapped in another error are that error", function()
    local result = run_file(function(_ENV)
      it("test", function()
        local _, err = pcall(assert.equal, 1, 2)
        error("while checking: " .. tostring(err), 0)
      end)
    end)
    assert.matches("^while checking: ", result.tests[1].failure.message)
    assert.is_string(result.tests[1].failure.traceback)
  end)
end)

describe("selection", function()
  local function body(_ENV)
    describe("math #fast", function()
      it("adds", function() end)
      it("divides #slow", function() end)
      pending("multiplies")
    end)
    describe("strings", function()
      it("concatenates #slow", function() end)
      it("splits", function() error("broke") end)
      it("finds", function() end)
    end)
  end

  it("tags: tests with #tag in their full name", function()
    local result = run_file(body, { file = "f_spec.lua", tags = { "fast" } })
    assert.same({ "math #fast adds", "math #fast divides #slow", "math #fast multiplies" }, names(result))
    result = run_file(body, { file = "f_spec.lua", tags = { "slow" } })
    assert.same({ "math #fast divides #slow", "strings concatenates #slow" }, names(result))
  end)

  it("exclude_tags: leaves out tests and blocks with #tag in their own name", function()
    local result = run_file(body, { file = "f_spec.lua", exclude_tags = { "fast" } })
    assert.same({ "strings concatenates #slow", "strings splits", "strings finds" }, names(result))
    result = run_file(body, { file = "f_spec.lua", tags = { "fast" }, exclude_tags = { "slow" } })
    assert.same({ "math #fast adds", "math #fast multiplies" }, names(result))
  end)

  it("list: reports each selected test as listed, running no test nor hook", function()
    local ran = false
    local result = run_file(function(_ENV)
      setup(function() ran = true end)
      before_each(function() ran = true end)
      it("one", function() ran = true end)
      pending("two")
      describe("block", function() it("three", function() ran = true end) end)
    end, { file = "f_spec.lua", list = true })
    assert.is_false(ran)
    assert.same({ "one", "two", "block three" }, names(result, "listed"))
    assert.equal("0 passed, 0 failed, 0 skipped", counts(result))
  end)

  it("fail_fast: stops at the first failed entry, running the teardowns", function()
    local log = {}
    local result = run_file(function(_ENV)
      describe("block", function()
        teardown(function() log[#log + 1] = "teardown" end)
        it("passes", function() end)
        it("fails", function() error("broke") end)
        it("never runs", function() log[#log + 1] = "ran" end)
      end)
      it("nor this", function() log[#log + 1] = "ran" end)
    end, { file = "f_spec.lua", fail_fast = true })
    assert.equal("1 passed, 1 failed, 0 skipped", counts(result))
    assert.same({ "teardown" }, log)
  end)

  it("shard: the shards together run each test once", function()
    local all = {}
    for index = 0, 2 do
      local result = run_file(body, { file = "f_spec.lua", shard = { index = index, count = 3 } })
      for _, name in ipairs(names(result)) do
        assert.is_nil(all[name])
        all[name] = index
      end
    end
    local count = 0
    for _ in pairs(all) do count = count + 1 end
    assert.equal(6, count)
    -- fnv1a32("f_spec.lua\0strings finds") % 3
    local hash = 2166136261
    for byte in ("f_spec.lua\0strings finds"):gmatch(".") do
      hash = ((hash ~ byte:byte()) * 16777619) & 0xffffffff
    end
    assert.equal(hash % 3, all["strings finds"])
  end)

  it("seed: shuffles every block's children, the same seed giving the same order", function()
    local function order(seed)
      local ran = {}
      run_file(function(_ENV)
        for i = 1, 8 do it("t" .. i, function() ran[#ran + 1] = i end) end
      end, { file = "f_spec.lua", seed = seed })
      return table.concat(ran, " ")
    end
    assert.equal(order(12), order(12))
    assert.are_not.equal("1 2 3 4 5 6 7 8", order(12))
    assert.are_not.equal(order(12), order(13))
  end)
end)

describe("luassert in the suite", function()
  it("assert:snapshot() is luassert's state snapshot, assert.snapshot(value, name) the assertion", function()
    local calls = {}
    assert:register("assertion", "snapshot", function(_, args)
      calls[#calls + 1] = args[2]
      return true
    end)
    local state = assert:snapshot()
    assert.is_function(state.revert)
    local target = { f = function() return 1 end }
    stub(target, "f")
    state:revert()
    assert.equal(1, target.f())
    assert.snapshot("screen", "name")
    assert.same({ "name" }, calls)
  end)

  it("a file fails with one message when luassert is missing", function()
    local saved, path, searchers = package.loaded.luassert, package.path, package.searchers
    package.loaded.luassert, package.path, package.searchers = nil, "", { searchers[1] }
    local ok, suite = pcall(runner.new, { file = "f_spec.lua" })
    package.loaded.luassert, package.path, package.searchers = saved, path, searchers
    assert.is_true(ok)
    suite:collect(function() end)
    local result = suite:run({})
    assert.equal("0 passed, 1 failed, 0 skipped", counts(result))
    assert.equal("the test runner needs luassert and say, which are not installed: install the packages"
      .. " lua-luassert and lua-say, or run `luarocks install luassert`", result.tests[1].failure.message)
  end)

  it("a module of luassert's own that is not installed is missing at once, without other searchers", function()
    local searcher = require("screentest.chunks")
    local path, cpath = package.path, package.cpath
    package.path, package.cpath = "/nonexistent/?.lua", "/nonexistent/?.so"
    local loader, where = searcher("term.core")
    local other = searcher("termite")
    package.path, package.cpath = path, cpath
    assert.equal(":absent", where)
    assert.has_error(loader, "module 'term.core' not found")
    assert.is_nil(other)
  end)

  it("require('busted') gives the suite's functions and arg is the script arguments", function()
    local result = run_file(function(_ENV)
      local busted = require("busted")
      busted.it("declared through the module", function() end)
    end, { file = "f_spec.lua", arg = { "one" } })
    assert.same({ "declared through the module" }, names(result, "passed"))
  end)
end)
