-- screentest.runner: busted-style suites, one per test file.
--
-- The host gives every test file a fresh Lua state and then:
--
--   local suite = require("screentest.runner").new{ file = path, filter = pattern }
--   -- copy every key of suite.env into the globals, load the file
--   suite:collect(chunk)          -- or suite:fail_file(message) if it did not load
--   local result = suite:run(reporter)
--
-- Collecting runs the file, and each describe body as it is declared, to
-- build a tree of blocks and tests; running walks the tree with the hooks.
-- Nothing raised by a test, a hook or the file escapes: every error becomes
-- a failed entry in the result.
--
-- Every block and test has a position, counted in the order they are
-- declared, which is the order they run in. A host whose process died while
-- a test ran starts the file again with `after` set to that test's position:
-- what came before it is neither run nor reported again.
--
-- A host may make the calls into the file's code itself (`call`, to limit
-- their time). It is called as call(what, handler, fn, ...) and must return
-- what xpcall(fn, handler, ...) returns; `what` says what runs:
--   { name = entry name, location = "file:line", resume = position or nil }
-- the entry to fail if the call never comes back, and the position to start
-- again after (nil when the file cannot be started again past it).
--
-- An entry (what the reporter gets and result.tests holds) is
--   { name = "outer inner test", location = "file:line", status = "passed"
--     | "failed" | "skipped", failure = nil | { message, location, traceback },
--     reason = nil | "why it was skipped" }
-- Its status is final only when test_finished sees it. A failed setup,
-- teardown or describe body is one entry named after its block; a file that
-- did not load or whose body raised is one entry named after the file.

local assert = require("screentest.assert")
local spy = require("screentest.spy")

-- Tests may clobber globals; keep our own references.
local debug_getinfo = debug.getinfo
local error, getmetatable, ipairs, next, pcall, rawequal, setmetatable, tostring, type, xpcall =
      error, getmetatable, ipairs, next, pcall, rawequal, setmetatable, tostring, type, xpcall
local strfind, strformat, strmatch, strsub = string.find, string.format, string.match, string.sub
local tconcat, tinsert = table.concat, table.insert
local loaded = package.loaded

-- Frames from these files are the runner's, not the test's: tracebacks
-- leave them out.
local internal = {
  [debug_getinfo(1, "S").source] = true,
  [debug_getinfo(assert.register, "S").source] = true,
  [debug_getinfo(spy.new, "S").source] = true,
}

-- Errors

-- What pending("reason") raises inside a test.
local Pending = {}
-- What the message handler hands back: { message, location, traceback }.
local Captured = {}

local function location_of(info)
  local source = info.source
  local file = strsub(source, 1, 1) == "@" and strsub(source, 2) or info.short_src
  if info.currentline > 0 then return file .. ":" .. info.currentline end
  return file
end

-- "file:line" for the caller of the function calling this one.
local function caller_location()
  local info = debug_getinfo(3, "Sl")
  return info and location_of(info)
end

-- The deepest valid stack level seen from here, found by bisection as
-- luaL_traceback does: walking every level of a stack overflow is too slow.
local function stack_depth()
  local low, high = 1, 2
  while debug_getinfo(high, "l") do low, high = high, high * 2 end
  while low + 1 < high do
    local middle = (low + high) // 2
    if debug_getinfo(middle, "l") then low = middle else high = middle end
  end
  return low
end

-- The name Lua's traceback would give a function found in a loaded module.
local function global_name(func)
  for modname, module in next, loaded do
    if type(module) == "table" then
      for key, value in next, module do
        if rawequal(value, func) and type(key) == "string" then
          return modname == "_G" and key or modname .. "." .. key
        end
      end
    end
  end
end

-- One line of a traceback, worded as luaL_traceback words it.
local function frame_text(info)
  local text = "\n\t" .. info.short_src .. ":"
  if info.currentline > 0 then text = text .. info.currentline .. ":" end
  local global = global_name(info.func)
  if global then
    text = text .. " in function '" .. global .. "'"
  elseif info.namewhat ~= "" then
    text = text .. " in " .. info.namewhat .. " '" .. info.name .. "'"
  elseif info.what == "main" then
    text = text .. " in main chunk"
  elseif info.what ~= "C" then
    text = text .. " in function <" .. info.short_src .. ":" .. info.linedefined .. ">"
  else
    text = text .. " in ?"
  end
  if info.istailcall then text = text .. "\n\t(...tail calls...)" end
  return text
end

-- The test's frames, levels `first` to `last` as the caller counts them:
-- without the runner's own frames nor the C functions raising the error
-- (error, assert). Like Lua, keeps the first ten and last eleven of a deep
-- stack, with a { skipped = n } entry between.
local function user_frames(first, last)
  local frames = {}
  local function add(level)
    local info = debug_getinfo(level + 2, "Slnft")
    if not info or internal[info.source] then return end
    if #frames == 0 and info.what == "C" then return end
    frames[#frames + 1] = info
  end
  local count = last - first + 1
  if count > 21 then
    for level = first, first + 9 do add(level) end
    frames[#frames + 1] = { skipped = count - 21 }
    for level = last - 10, last do add(level) end
  else
    for level = first, last do add(level) end
  end
  return frames
end

local function traceback_text(frames)
  if #frames == 0 then return nil end
  local lines = { "stack traceback:" }
  for _, info in ipairs(frames) do
    if info.skipped then
      lines[#lines + 1] = strformat("\n\t...\t(skipping %d levels)", info.skipped)
    else
      lines[#lines + 1] = frame_text(info)
    end
  end
  return tconcat(lines)
end

local function error_text(err)
  if type(err) == "string" then return err end
  if type(err) == "number" then return tostring(err) end
  local mt = getmetatable(err)
  if type(mt) == "table" and mt.__tostring then
    local ok, text = pcall(tostring, err)
    if ok and type(text) == "string" then return text end
  end
  return assert:format_value(err)
end

-- "file:line" from a message Lua prefixed with one.
local function position_in(message)
  return strmatch(message, "^([^\n]-:%d+): ")
end

local function describe_error(err, frames)
  local message = error_text(err)
  local location = type(err) == "string" and position_in(err) or nil
  if not location or strsub(location, 1, 3) == "..." then
    -- No position, or one Lua shortened: take the innermost test frame's.
    for _, info in ipairs(frames) do
      if info.currentline and info.currentline > 0 then location = location_of(info); break end
    end
  end
  return setmetatable({ message = message, location = location,
                        traceback = traceback_text(frames) }, Captured)
end

-- The message handler for a protected call made by `protect`, whose frame
-- and those below it are `base` deep, with `gap` frames between it and the
-- function it protects.
local function handler(base, gap)
  return function(err)
    if getmetatable(err) == Pending then return err end
    local failure = assert:failure_info(err)
    if failure then return setmetatable(failure, Captured) end
    -- Levels seen from here: 1 is this function and `bottom` the outermost;
    -- protect's frame is base deep, xpcall (and the host's call) above it,
    -- then the function it protects, whose frames are the test's. A host's
    -- message handler calling this one is a C frame, left out as the C
    -- function raising the error is.
    local bottom = stack_depth() - 1
    return describe_error(err, user_frames(2, bottom - base - gap))
  end
end

-- Calls fn(...), through the host's call when there is one (see the top of
-- the file); returns true, or false and a Captured or Pending value.
local function protect(self, what, fn, ...)
  local base = stack_depth() - 1
  local call = self.call
  local ok, result
  if call then
    ok, result = call(what, handler(base, 2), fn, ...)
  else
    ok, result = xpcall(fn, handler(base, 1), ...)
  end
  if ok then return true end
  local mt = getmetatable(result)
  if mt ~= Captured and mt ~= Pending then
    -- The handler itself failed ("error in error handling").
    result = describe_error(result, {})
  end
  return false, result
end

local function failure_of(captured)
  return { message = captured.message, location = captured.location,
           traceback = captured.traceback }
end

-- The tree

local hook_kinds = { "before_each", "after_each", "setup", "teardown",
                     "lazy_setup", "lazy_teardown" }

-- A block's `position` is its own, `last` the highest in it once its body
-- has run.
local function new_block(name, parent, location, position)
  local hooks = {}
  for _, kind in ipairs(hook_kinds) do hooks[kind] = {} end
  local fullname = name
  if parent and parent.fullname ~= "" then fullname = parent.fullname .. " " .. name end
  return { name = name, fullname = fullname, parent = parent, location = location,
           children = {}, hooks = hooks, position = position, last = position }
end

local function new_test(name, parent, location, fn, position)
  local fullname = name
  if parent.fullname ~= "" then fullname = parent.fullname .. " " .. name end
  return { test = true, name = name, fullname = fullname, parent = parent,
           location = location, fn = fn, position = position }
end

-- The next position in declaration order.
local function next_position(self)
  self.count = self.count + 1
  return self.count
end

local Suite = {}
Suite.__index = Suite

-- The functions a test file sees as globals.
local function environment(self)
  local function declaring(what)
    if self.phase ~= "collect" then
      error(what .. "() cannot be called inside a test or a hook", 3)
    end
  end

  local function check_name(name, what)
    if type(name) == "number" then return tostring(name) end
    if type(name) ~= "string" then
      error(strformat("bad argument #1 to '%s' (string expected, got %s)", what, type(name)), 3)
    end
    return name
  end

  local function describe(name, fn)
    declaring("describe")
    name = check_name(name, "describe")
    if type(fn) ~= "function" then
      error("bad argument #2 to 'describe' (function expected, got " .. type(fn) .. ")", 2)
    end
    local outer = self.block
    local block = new_block(name, outer, caller_location(), next_position(self))
    outer.children[#outer.children + 1] = block
    self.block = block
    local ok, captured = protect(self, { name = block.fullname, location = block.location }, fn)
    self.block = outer
    block.last = self.count
    if not ok then block.error = failure_of(captured) end
  end

  local function it(name, fn)
    declaring("it")
    name = check_name(name, "it")
    if fn ~= nil and type(fn) ~= "function" then
      error("bad argument #2 to 'it' (function expected, got " .. type(fn) .. ")", 2)
    end
    local block = self.block
    block.children[#block.children + 1] = new_test(name, block, caller_location(), fn, next_position(self))
  end

  -- pending(name) declares a skipped test; inside a test, pending(reason)
  -- stops it and marks it skipped.
  local function pending(name)
    if self.running then
      error(setmetatable({ reason = name }, Pending))
    end
    declaring("pending")
    name = check_name(name, "pending")
    local block = self.block
    block.children[#block.children + 1] = new_test(name, block, caller_location(), nil, next_position(self))
  end

  local function hook(kind, what)
    return function(fn)
      declaring(what)
      if type(fn) ~= "function" then
        error(strformat("bad argument #1 to '%s' (function expected, got %s)", what, type(fn)), 2)
      end
      tinsert(self.block.hooks[kind], fn)
    end
  end

  local function finally(fn)
    if not self.running then error("finally() must be called inside a test", 2) end
    if type(fn) ~= "function" then
      error("bad argument #1 to 'finally' (function expected, got " .. type(fn) .. ")", 2)
    end
    tinsert(self.running.finally, fn)
  end

  return {
    describe = describe, context = describe, it = it, pending = pending,
    before_each = hook("before_each", "before_each"),
    after_each = hook("after_each", "after_each"),
    -- busted 2 makes plain setup/teardown the strict ones.
    setup = hook("setup", "setup"), teardown = hook("teardown", "teardown"),
    strict_setup = hook("setup", "strict_setup"),
    strict_teardown = hook("teardown", "strict_teardown"),
    lazy_setup = hook("lazy_setup", "lazy_setup"),
    lazy_teardown = hook("lazy_teardown", "lazy_teardown"),
    finally = finally,
    assert = assert, spy = spy, stub = spy.stub, mock = spy.mock, match = spy.match,
  }
end

local runner = {}

--- A suite for one test file.
-- options.file: the file's path, naming entries for the file itself.
-- options.filter: a Lua pattern; only tests whose full name matches run.
-- options.after: a position; what was declared up to it neither runs nor is
--   reported (the file starts again after a test that ended its process).
-- options.call: the host's way to call the file's code (see the top).
function runner.new(options)
  options = options or {}
  local filter = options.filter
  if filter ~= nil then filter = tostring(filter) end
  local after = options.after
  if type(after) ~= "number" then after = nil end
  local self = setmetatable({
    file = tostring(options.file or "?"),
    filter = filter,
    after = after,
    call = type(options.call) == "function" and options.call or nil,
    count = 0,
    phase = "collect",
    host = { before_each = {}, after_each = {} },
  }, Suite)
  self.root = new_block(self.file, nil, self.file, 0)
  self.root.fullname = ""
  self.block = self.root
  self.env = environment(self)
  return self
end

--- Runs the loaded file, recording its blocks and tests.
function Suite:collect(chunk)
  self.phase, self.block = "collect", self.root
  local ok, captured = protect(self, { name = self.file, location = self.file }, chunk)
  self.root.last = self.count
  if not ok and not self.root.error then self.root.error = failure_of(captured) end
end

--- Records that the file did not load: one failed entry named after it.
function Suite:fail_file(message)
  message = error_text(message)
  self.root.error = { message = message, location = position_in(message) }
end

--- Adds hooks run around every test, outside the file's own: before_each
--- before them, after_each after them. Each gets the test record. Hooks
--- added later run inside those added earlier.
function Suite:add_hooks(hooks)
  if hooks.before_each then tinsert(self.host.before_each, hooks.before_each) end
  if hooks.after_each then tinsert(self.host.after_each, 1, hooks.after_each) end
end

--- The record of the test running now, or nil.
function Suite:current_test()
  return self.running and self.running.record
end

-- Running

local function selected(self, test)
  local filter = self.filter
  if filter == nil then return true end
  local ok, found = pcall(strfind, test.fullname, filter)
  if not ok then
    self.bad_filter = self.bad_filter or found
    return false
  end
  return found ~= nil
end

-- Whether a test or block came before the position the run starts after.
local function done_before(self, node)
  local after = self.after
  return after ~= nil and (node.test and node.position or node.last) <= after
end

-- Whether a block has anything to report under the filter.
local function has_work(self, block)
  if self.filter == nil and self.after == nil then return true end
  if block.work == nil then
    block.work = false
    for _, child in ipairs(block.children) do
      if done_before(self, child) then
        -- run and reported before the run started again
      elseif child.test and selected(self, child)
         or not child.test and (child.error or has_work(self, child)) then
        block.work = true
        break
      end
    end
  end
  return block.work
end

local function started(self, record)
  local notify = self.reporter.test_started
  if notify then notify(record) end
end

local function finished(self, record)
  local result = self.result
  result[record.status] = result[record.status] + 1
  result.tests[#result.tests + 1] = record
  local notify = self.reporter.test_finished
  if notify then notify(record) end
end

local function report(self, record)
  started(self, record)
  finished(self, record)
end

-- A block's failure is one entry: named after the block and placed where it
-- was declared, or, for the file itself, where the error happened.
local function report_block(self, block, failure)
  local record = { name = block.fullname, location = block.location,
                   status = "failed", failure = failure }
  if block == self.root then
    record.name, record.location = self.file, failure.location or self.file
  end
  report(self, record)
end

-- What a block's setup or teardown is to the host: the block's entry, and,
-- should it never come back, the file goes on after the block.
local function block_call(self, block)
  if not block.call then
    if block == self.root then
      block.call = { name = self.file, location = self.file, resume = block.last }
    else
      block.call = { name = block.fullname, location = block.location, resume = block.last }
    end
  end
  return block.call
end

-- Runs a block's setup or teardown hooks. A failure is one failed entry for
-- the block; a failed setup also stops the block.
local function run_block_hooks(self, block, kind)
  local failed
  for _, fn in ipairs(block.hooks[kind]) do
    local ok, captured = protect(self, block_call(self, block), fn)
    if not ok and not failed then
      failed = true
      block.failed = true
      report_block(self, block, failure_of(captured))
      if kind == "setup" or kind == "lazy_setup" then return false end
    end
  end
  return not failed
end

-- lazy_setup runs before the first test that runs in its block, outermost
-- block first.
local function lazy_setup(self, block)
  local chain = {}
  while block do tinsert(chain, 1, block); block = block.parent end
  for _, b in ipairs(chain) do
    if b.failed then return false end
    if not b.lazy_done then
      b.lazy_done = true
      if not run_block_hooks(self, b, "lazy_setup") then return false end
    end
  end
  return true
end

-- Runs one function of a test (hook, body or finally) and folds its outcome
-- into the test's record: the first failure wins, pending only skips a test
-- that has not failed.
local function run_in_test(self, record, fn, ...)
  local ok, captured = protect(self, self.running.call, fn, ...)
  if ok then return end
  if getmetatable(captured) == Pending then
    if record.status == "passed" then
      record.status = "skipped"
      if captured.reason ~= nil then record.reason = tostring(captured.reason) end
    end
  elseif record.status ~= "failed" then
    record.status, record.reason, record.failure = "failed", nil, failure_of(captured)
  end
end

-- The levels of hooks around a test, outermost first: the host's, then the
-- file's and each enclosing block's.
local function hook_levels(self, block)
  local levels = {}
  while block do
    tinsert(levels, 1, { before_each = block.hooks.before_each,
                         after_each = block.hooks.after_each })
    block = block.parent
  end
  tinsert(levels, 1, { before_each = self.host.before_each,
                       after_each = self.host.after_each, host = true })
  return levels
end

local function run_test(self, test)
  if done_before(self, test) or not selected(self, test) then return end
  local record = { name = test.fullname, location = test.location, status = "skipped" }
  if not test.fn then return report(self, record) end
  if not lazy_setup(self, test.parent) then return end

  -- The record's status is kept up to date, for the host's after_each.
  record.status = "passed"
  started(self, record)
  local finally = {}
  self.running = { record = record, finally = finally,
                   call = { name = record.name, location = record.location, resume = test.position } }
  local snapshot = spy.snapshot()
  local levels = hook_levels(self, test.parent)

  -- before_each outside-in; a failure stops there, and only the levels
  -- entered get their after_each.
  local entered = 0
  for i, level in ipairs(levels) do
    entered = i
    for _, fn in ipairs(level.before_each) do
      if level.host then run_in_test(self, record, fn, record) else run_in_test(self, record, fn) end
      if record.status ~= "passed" then break end
    end
    if record.status ~= "passed" then break end
  end
  if record.status == "passed" then run_in_test(self, record, test.fn) end
  for i = #finally, 1, -1 do run_in_test(self, record, finally[i]) end
  for i = entered, 1, -1 do
    local level = levels[i]
    for _, fn in ipairs(level.after_each) do
      if level.host then run_in_test(self, record, fn, record) else run_in_test(self, record, fn) end
    end
  end

  snapshot.revert()
  self.running = nil
  finished(self, record)
end

local function run_block(self, block)
  if done_before(self, block) then return end
  if block.error then return report_block(self, block, block.error) end
  if not has_work(self, block) then return end
  local snapshot = spy.snapshot()
  if run_block_hooks(self, block, "setup") then
    for _, child in ipairs(block.children) do
      if block.failed then break end
      if child.test then run_test(self, child) else run_block(self, child) end
    end
  end
  -- Teardown runs even after a failed setup, to release what the setup got
  -- before failing.
  if block.lazy_done then run_block_hooks(self, block, "lazy_teardown") end
  run_block_hooks(self, block, "teardown")
  snapshot.revert()
end

--- Runs the collected tests. reporter.test_started(test) and
--- reporter.test_finished(test) are called, when present, around each
--- entry. Returns { passed, failed, skipped, tests }.
function Suite:run(reporter)
  self.reporter = reporter or {}
  self.result = { passed = 0, failed = 0, skipped = 0, tests = {} }
  self.phase = "run"
  run_block(self, self.root)
  if self.bad_filter then
    report(self, { name = self.file, location = self.file, status = "failed",
                  failure = { message = strformat("bad filter pattern '%s': %s",
                                                  self.filter, self.bad_filter) } })
  end
  self.phase = "done"
  return self.result
end

return runner
