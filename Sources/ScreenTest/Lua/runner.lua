-- screentest.runner: busted's semantics, one suite per test file.
--
-- The host gives every test file a fresh Lua state and then:
--
--   local suite = require("screentest.runner").new{ file = path, ... }
--   -- copy every key of suite.env into the globals, load the file
--   suite:collect(chunk)          -- or suite:fail_file(message) if it did not load
--   local result = suite:run(reporter)
--
-- As busted does, running a block runs its body, which declares its tests and
-- blocks, then its setup, then its children in order, each block's body when
-- the run reaches it, then its teardown. The file itself is the outermost
-- block. Nothing raised by a test, a hook or the file escapes: every error
-- becomes a failed entry in the result, counted as busted counts failures and
-- errors: a test is one entry, and so is every hook or body that raised.
--
-- Every block and test has a path: the indexes of it and its ancestors in
-- their parents' children, in the order they run (after a shuffle). A block's
-- own calls have one more index: -1 its body, 0 its setups, #children + 1
-- its teardowns. A host whose process died during a call starts the file
-- again with `after` set to that call's path: what ran up to it is neither
-- run nor reported again, the bodies of the blocks it is in run again (they
-- declare what follows) and their setups run again before the first test
-- that is left.
--
-- A host may make the calls into the file's code itself (`call`, to limit
-- their time). It is called as call(what, handler, fn, ...) and must return
-- what xpcall(fn, h, ...) returns, where the message handler h returns
-- handler(err, last): `last` is the deepest level, as `handler` numbers
-- them, of the frames between h (at level 2) and the host's call, which
-- handler takes for the test's. `what` says what runs:
--   { name = entry name, location = "file:line", resume = path }
-- the entry to fail if the call never comes back, and the path to start
-- again after.
--
-- An entry (what the reporter gets and result.tests holds) is
--   { name = "outer inner test", location = "file:line", status = "passed"
--     | "failed" | "skipped" | "listed", failure = nil | { message, location,
--     traceback }, reason = nil | "why it was skipped" }
-- Its status is final only when test_finished sees it. A failed setup,
-- teardown or describe body is an entry named after its block, a failed
-- before_each or after_each one named after its test; a file that did not
-- load or whose body raised is one entry named after the file.

-- Tests may clobber globals; keep our own references.
local debug_getinfo, debug_getupvalue, debug_setupvalue, debug_upvaluejoin =
      debug.getinfo, debug.getupvalue, debug.setupvalue, debug.upvaluejoin
local error, getmetatable, ipairs, next, pcall, rawequal, rawget, rawset, require, select,
      setmetatable, tonumber, tostring, type, xpcall =
      error, getmetatable, ipairs, next, pcall, rawequal, rawget, rawset, require, select,
      setmetatable, tonumber, tostring, type, xpcall
local strbyte, strfind, strformat, strmatch, strsub = string.byte, string.find, string.format,
      string.match, string.sub
local tconcat, tinsert = table.concat, table.insert
local math_random, math_randomseed, math_type = math.random, math.randomseed, math.type
local loaded = package.loaded
local G = _G

-- Frames from these files are the runner's or luassert's, not the test's:
-- tracebacks leave them out.
local own_source = debug_getinfo(1, "S").source
local function internal(source)
  return source == own_source or strfind(source, "luassert[/\\][^\n]*%.lua$") ~= nil
    or strfind(source, "say[/\\]init%.lua$") ~= nil
end

-- Errors

-- What pending("reason") raises inside a test.
local Pending = {}
-- What a luassert assertion raises when it fails (see `mark_failures`):
-- { message = "file:line: Expected ..." }.
local Failure = { __tostring = function(failure) return failure.message end }
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
    if not info or internal(info.source) then return end
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
  local ok, state = pcall(require, "luassert.state")
  local text = ok and state.format_argument(err)
  return type(text) == "string" and text or tostring(err)
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

-- What a protected call's message handler makes of `err`: a Pending value
-- as it is, a failed assertion, or an error with the test's frames, levels
-- `first` to `last` as the handler numbers them.
local function capture(err, first, last)
  if getmetatable(err) == Pending then return err end
  if getmetatable(err) == Failure then
    local message = error_text(err.message)
    return setmetatable({ message = message, location = position_in(message), assertion = true }, Captured)
  end
  return describe_error(err, user_frames(first, last))
end

-- The handler the host's call is given (see the top of the file). Level 2 is
-- the host's own message handler, left out. The tail call leaves `capture`
-- at this function's level, as in `handler`.
local function host_handler(err, last)
  -- A host that does not say (one written before `last` was asked for) gets
  -- the error without the test's frames rather than a broken handler.
  return capture(err, 3, math_type(last) == "integer" and last or 2)
end

-- The message handler for xpcall made by `protect`, whose frame and those
-- below it are `base` deep. Levels seen from the handler: 1 is itself and
-- `bottom` the outermost; xpcall is above protect's frame, then the function
-- it protects, whose frames are the test's, from the function that raised
-- at level 2.
local function handler(base)
  return function(err)
    local bottom = stack_depth() - 1
    return capture(err, 2, bottom - base - 1)
  end
end

-- Calls fn(...), through the host's call when there is one (see the top of
-- the file); returns true, or false and a Captured or Pending value.
local function protect(self, what, fn, ...)
  local call = self.call
  local ok, result
  if call then
    ok, result = call(what, host_handler, fn, ...)
  else
    ok, result = xpcall(fn, handler(stack_depth() - 1), ...)
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

-- luassert

local missing_luassert = "the test runner needs luassert and say, which are not installed:" ..
  " install the packages lua-luassert and lua-say, or run `luarocks install luassert`"

-- Makes luassert's failed assertions raise Failure values, so that they are
-- told from errors: assert(...) and every assertion call luassert's `error`
-- through their _ENV, which each gets a copy of with `error` replaced.
local function mark_failures(luassert)
  local function fail(message, level)
    level = level or 1
    -- The message with the place of the level luassert asked for: pcall,
    -- then this function, are the two levels between.
    local _, placed = pcall(error, message, level + 2)
    error(setmetatable({ message = placed }, Failure), level + 1)
  end
  local function rebind(fn)
    -- Another luassert may be built otherwise: its failures are then errors.
    if type(fn) ~= "function" then return end
    local index = 1
    while true do
      local name, env = debug_getupvalue(fn, index)
      if name == nil then return end
      if name == "_ENV" then
        local own = setmetatable({ error = fail }, { __index = env })
        debug_upvaluejoin(fn, index, function() return own end, 1)
        debug_setupvalue(fn, index, own)
        return
      end
      index = index + 1
    end
  end
  rebind((getmetatable(luassert) or {}).__call)
  rebind((getmetatable(luassert.is_true) or {}).__call)
end

-- luassert has a method `snapshot` (assert:snapshot(), its state snapshot)
-- that hides the assertion of that name registered with assert:register:
-- the field calls the one or the other.
local function dispatch_snapshot(luassert, state)
  rawset(luassert, "snapshot", function(first, ...)
    if rawequal(first, luassert) then return state.snapshot() end
    -- A tail call, so that the assertion's error is placed at the caller.
    return luassert.state().snapshot(first, ...)
  end)
end

-- A luassert state snapshot, and how to revert it unless the test did.
local function state_snapshot(state)
  local snapshot = state.snapshot()
  local mt = getmetatable(snapshot)
  return function()
    if getmetatable(snapshot) == mt then snapshot:revert() end
  end
end

-- A test's snapshot, as busted takes one before each test and reverts it
-- after. One the test before left as it was (no spy, stub, formatter,
-- parameter nor snapshot of its own) is handed on instead: reverting it and
-- taking another would change nothing. Only within a block (see
-- drop_kept_snapshot).
local function test_snapshot(self)
  local kept = self.kept_snapshot
  if kept then
    self.kept_snapshot = nil
    return kept
  end
  local snapshot = self.state.snapshot()
  self.snapshot_mt = getmetatable(snapshot)
  return snapshot
end

local function is_live(self, snapshot)
  return getmetatable(snapshot) == self.snapshot_mt
end

local function end_test_snapshot(self, snapshot)
  if not is_live(self, snapshot) then return end
  if snapshot.next == nil and next(snapshot.spies) == nil and next(snapshot.formatters) == nil
    and next(snapshot.parameters) == nil then
    self.kept_snapshot = snapshot
  else
    snapshot:revert()
  end
end

local function drop_kept_snapshot(self)
  local kept = self.kept_snapshot
  if kept then
    self.kept_snapshot = nil
    if is_live(self, kept) then kept:revert() end
  end
end

-- Selection

-- FNV-1a, 32 bits: what puts a test in a shard.
local function fnv1a32(text)
  local hash = 2166136261
  for i = 1, #text do
    hash = ((hash ~ strbyte(text, i)) * 16777619) & 0xffffffff
  end
  return hash
end

-- Whether `subject` matches the Lua pattern; a bad pattern matches nothing
-- and is reported once the file has run.
local function matches(self, subject, pattern)
  local ok, found = pcall(strfind, subject, pattern)
  if not ok then
    if not self.bad_pattern then self.bad_pattern = { pattern = pattern, message = found } end
    return false
  end
  return found ~= nil
end

local function any_matches(self, subject, patterns, prefix)
  for _, pattern in ipairs(patterns) do
    if matches(self, subject, prefix .. pattern) then return true end
  end
  return false
end

-- busted's filters, applied when a block or test is declared: what they
-- leave out is not declared at all.
local function block_selected(self, name, fullname)
  return not any_matches(self, fullname, self.filters_out, "")
     and not any_matches(self, name, self.exclude_tags, "#")
end

local function test_selected(self, name, fullname)
  if #self.filters > 0 and not any_matches(self, fullname, self.filters, "") then return false end
  if not block_selected(self, name, fullname) then return false end
  if #self.tags > 0 and not any_matches(self, fullname, self.tags, "#") then return false end
  local shard = self.shard
  if shard and fnv1a32(self.file .. "\0" .. fullname) % shard.count ~= shard.index then return false end
  return true
end

-- The tree

local hook_kinds = { "before_each", "after_each", "setup", "teardown", "lazy_setup", "lazy_teardown" }

local function full_name(parent, name)
  if parent and parent.fullname ~= "" then return parent.fullname .. " " .. name end
  return name
end

-- A node's table of globals: it reads through to its parent's (the root's to
-- busted's names and then the real globals, see scoped_environment), so
-- that a lookup walks the scopes in C.
local function node_env(parent)
  if not parent then return setmetatable({}, {}) end
  -- One metatable for all the children of a node: a test makes its table
  -- each time it runs.
  local mt = parent.child_env_mt
  if not mt then
    mt = { __index = parent.env }
    parent.child_env_mt = mt
  end
  return setmetatable({}, mt)
end

local function new_block(name, parent, location, fn, envmode)
  local hooks = {}
  for _, kind in ipairs(hook_kinds) do hooks[kind] = {} end
  return { name = name, fullname = full_name(parent, name), parent = parent, location = location,
           fn = fn, envmode = envmode, children = {}, hooks = hooks, env = node_env(parent) }
end

-- insulate: the globals and package.loaded as they were, put back after
-- the block.
local function save_globals()
  local globals, modules = {}, {}
  for key, value in next, G do globals[key] = value end
  for key, value in next, loaded do modules[key] = value end
  return { globals = globals, modules = modules, mt = getmetatable(G) }
end

local function restore_globals(saved)
  pcall(setmetatable, G, saved.mt)
  for key in next, G do rawset(G, key, saved.globals[key]) end
  for key, value in next, saved.globals do
    if rawget(G, key) == nil then rawset(G, key, value) end
  end
  for key in next, loaded do loaded[key] = saved.modules[key] end
  for key, value in next, saved.modules do loaded[key] = value end
end

-- Scopes: as under busted, the file's code sees globals through an
-- environment where each block, and each test, has a table of its own. A
-- global set in a describe body or a setup is seen in that block only, one
-- set in a test in that test only; an expose block's go to the block around
-- its parent (or the real globals), so the blocks after it see them.

-- Where a block's globals go.
local function target_of(block)
  if block.envmode == "expose" then
    local outer = block.parent and block.parent.parent
    return outer and target_of(outer) or G
  end
  return block.env
end

-- The file's _ENV: reads from the running scope outwards, then busted's
-- names (describe, it, assert, ...), then the real globals; writes to the
-- running scope. As under busted, the names are the file's only: _G keeps
-- Lua's own assert, which the modules the file requires see. Every step of
-- a read is a table's __index, so a global in a test's loop costs what it
-- costs under busted: set_scope points the environment at the running scope.
local function scoped_environment(self)
  local names = setmetatable({}, { __index = G })
  for key, value in next, self.env do names[key] = value end
  getmetatable(self.root.env).__index = names
  self.names = names
  self.scope_mt = { __index = self.scope and self.scope.env or names, __newindex = self.target or G }
  return setmetatable({}, self.scope_mt)
end

-- Runs code of the file in a scope: the node reads start from, and the
-- table writes go to.
local function set_scope(self, node, target)
  self.scope, self.target = node, target
  local mt = self.scope_mt
  if mt then
    mt.__index = node and node.env or self.names
    mt.__newindex = target or G
  end
end

-- The same, returning the scope it replaced.
local function enter_scope(self, node, target)
  local scope, previous = self.scope, self.target
  set_scope(self, node, target)
  return scope, previous
end

local Suite = {}
Suite.__index = Suite

-- The functions a test file sees as globals, and require("busted") gives.
local function environment(self)
  -- The block whose body is running, where declarations go; busted's
  -- message elsewhere.
  local function declaring(what)
    local block = self.declaring
    if not block then error("'" .. what .. "' not supported inside current context block", 3) end
    return block
  end

  local function check_name(name, what)
    if type(name) == "number" then return tostring(name) end
    if type(name) ~= "string" then
      error(strformat("bad argument #1 to '%s' (string expected, got %s)", what, type(name)), 3)
    end
    return name
  end

  -- A declaring function: describe, it and their other names. As in busted,
  -- describe "name" without a function returns one that takes it. `add`
  -- declares what it got.
  local function declarer(what, add)
    local function declare_at(location, name, fn)
      local parent = declaring(what)
      if fn == nil and type(name) == "function" then name, fn = what, name end
      name = check_name(name, what)
      if fn == nil then return function(body) return declare_at(caller_location(), name, body) end end
      if type(fn) ~= "function" then
        error(strformat("bad argument #2 to '%s' (function expected, got %s)", what, type(fn)), 2)
      end
      add(parent, location, name, fn)
    end
    return function(name, fn) return declare_at(caller_location(), name, fn) end
  end

  local function block_declarer(what, envmode)
    return declarer(what, function(parent, location, name, fn)
      if not block_selected(self, name, full_name(parent, name)) then return end
      local children = parent.children
      children[#children + 1] = new_block(name, parent, location, fn, envmode)
    end)
  end

  local function add_test(parent, location, name, fn, pending)
    local fullname = full_name(parent, name)
    if not test_selected(self, name, fullname) then return end
    local children = parent.children
    children[#children + 1] = { test = true, name = name, fullname = fullname, parent = parent,
                                location = location, fn = fn, pending = pending }
  end

  local function test_declarer(what)
    return declarer(what, function(parent, location, name, fn) add_test(parent, location, name, fn, false) end)
  end

  -- pending(name) declares a skipped test; inside a test, pending(reason)
  -- stops it and marks it skipped.
  local function pending(name)
    -- The reason becomes text here, in the test: a __tostring that raises fails
    -- that test, as under busted, not the runner.
    if self.running then
      error(setmetatable({ reason = name ~= nil and tostring(name) or nil }, Pending))
    end
    local parent = declaring("pending")
    add_test(parent, caller_location(), check_name(name, "pending"), nil, true)
  end

  local function hook(kind, what)
    return function(fn)
      local block = declaring(what)
      if type(fn) ~= "function" then
        error(strformat("bad argument #1 to '%s' (function expected, got %s)", what, type(fn)), 2)
      end
      tinsert(block.hooks[kind], fn)
      -- A hook is one of busted's children too: a shuffle moves it, so the
      -- same seed gives busted's order.
      tinsert(block.children, { hook = true })
    end
  end

  local function finally(fn)
    if not self.running then error("'finally' not supported inside current context block", 2) end
    if type(fn) ~= "function" then
      error("bad argument #1 to 'finally' (function expected, got " .. type(fn) .. ")", 2)
    end
    self.running.finally = fn
  end

  -- randomize([seed]) or randomize(false) in a body: whether that block's
  -- children run shuffled.
  local function randomize(...)
    local block = declaring("randomize")
    local on = select("#", ...) == 0 or (...)
    block.randomize = on and true or false
    if on then block.seed = tonumber((select(1, ...))) or tonumber((select(2, ...))) end
  end

  local describe, it = block_declarer("describe"), test_declarer("it")
  return {
    describe = describe, context = block_declarer("context"),
    insulate = block_declarer("insulate", "insulate"), expose = block_declarer("expose", "expose"),
    it = it, spec = test_declarer("spec"), test = test_declarer("test"), pending = pending,
    before_each = hook("before_each", "before_each"), after_each = hook("after_each", "after_each"),
    setup = hook("setup", "setup"), teardown = hook("teardown", "teardown"),
    strict_setup = hook("setup", "strict_setup"), strict_teardown = hook("teardown", "strict_teardown"),
    lazy_setup = hook("lazy_setup", "lazy_setup"), lazy_teardown = hook("lazy_teardown", "lazy_teardown"),
    finally = finally, randomize = randomize,
  }
end

local runner = {}

local function string_list(value)
  local list = {}
  if type(value) == "table" then
    for _, item in ipairs(value) do list[#list + 1] = tostring(item) end
  elseif value ~= nil then
    list[1] = tostring(value)
  end
  return list
end

--- A suite for one test file. options (all optional but file):
--- file: the file's path, naming entries for the file itself.
--- filters, filters_out: Lua patterns; a test runs when its full name
---   matches one of filters (when there are any) and none of filters_out.
--- tags, exclude_tags: words; a test runs when its full name has `#tag` for
---   one of tags (when there are any) and none of exclude_tags.
--- seed: an integer; shuffles the children of every block as busted's
---   --shuffle does.
--- list: report each selected test as "listed", running no test or hook.
--- fail_fast: stop at the first failed entry.
--- shard: { index = 0-based, count = N }; only the tests whose
---   fnv1a32(file .. "\0" .. full name) % count is index.
--- after: a path (see the top); what ran up to it is not run again.
--- call: the host's way to call the file's code (see the top).
function runner.new(options)
  options = options or {}
  local shard = options.shard
  if type(shard) == "table" and math.type(shard.count) == "integer" and shard.count > 0
     and math.type(shard.index) == "integer" then
    shard = { index = shard.index % shard.count, count = shard.count }
  else
    shard = nil
  end
  local seed = math.type(options.seed) == "integer" and options.seed or nil
  local self = setmetatable({
    file = tostring(options.file or "?"),
    filters = string_list(options.filters), filters_out = string_list(options.filters_out),
    tags = string_list(options.tags), exclude_tags = string_list(options.exclude_tags),
    seed = seed, list = options.list == true, fail_fast = options.fail_fast == true, shard = shard,
    after = type(options.after) == "table" and options.after or nil,
    call = type(options.call) == "function" and options.call or nil,
    host = { before_each = {}, after_each = {} },
  }, Suite)
  -- randomize() without a seed and without --seed: an order fixed for the
  -- file, so that a file started again after a crash runs in the same order.
  self.default_seed = seed or fnv1a32(self.file)
  self.root = new_block(self.file, nil, self.file, nil)
  self.root.fullname = ""
  self.root.path = {}
  self.env = environment(self)

  local ok, luassert = pcall(require, "luassert")
  if ok then
    local state = require("luassert.state")
    mark_failures(luassert)
    dispatch_snapshot(luassert, state)
    self.state = state
    local env = self.env
    env.assert, env.spy, env.stub = luassert, require("luassert.spy"), require("luassert.stub")
    env.mock, env.match = require("luassert.mock"), require("luassert.match")
  else
    self.missing = missing_luassert
  end
  local busted = {}
  for name, value in next, self.env do busted[name] = value end
  -- require("busted") is callable, as busted's module is before it starts a run.
  loaded.busted = setmetatable(busted, {
    __newindex = function() error("Attempt to modify busted", 2) end,
    __call = function(module) return module end,
  })
  -- A "standalone" spec starts with require 'busted.runner'(): under a runner that
  -- already runs it, busted's runner does nothing, and so does this one.
  loaded["busted.runner"] = function() return function() end end
  return self
end

--- Keeps the loaded file, the body of the outermost block, and gives it the
--- scoped environment.
function Suite:collect(chunk)
  if self.missing then return self:fail_file(self.missing) end
  self.root.fn = chunk
  local index = 1
  while true do
    local name = debug_getupvalue(chunk, index)
    if name == nil then break end
    if name == "_ENV" then
      debug_upvaluejoin(chunk, index, function() return self end, 1)
      debug_setupvalue(chunk, index, scoped_environment(self))
      break
    end
    index = index + 1
  end
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

local function started(self, record)
  local notify = self.reporter.test_started
  if notify then notify(record) end
end

local function finished(self, record)
  local result = self.result
  result[record.status] = (result[record.status] or 0) + 1
  result.tests[#result.tests + 1] = record
  if record.status == "failed" and self.fail_fast then self.stopped = true end
  local notify = self.reporter.test_finished
  if notify then notify(record) end
end

local function report(self, record)
  started(self, record)
  finished(self, record)
end

-- A block's failure: named after the block and placed where it was
-- declared, or, for the file itself, where the error happened.
local function report_block(self, block, failure)
  local record = { name = block.fullname, location = block.location, status = "failed", failure = failure,
                   block = true }
  if block == self.root then
    record.name, record.location = self.file, failure.location or self.file
  end
  report(self, record)
end

local function child_path(path, index)
  local child = {}
  for i = 1, #path do child[i] = path[i] end
  child[#path + 1] = index
  return child
end

-- Where a path is from `after`: "before" (ran already, or is the call that
-- ended the process), "ancestor" (a block the run starts again inside) or
-- "after".
local function relation(self, path)
  local after = self.after
  if not after then return "after" end
  for i = 1, #path do
    local mine, theirs = path[i], after[i]
    if theirs == nil then return "before" end
    if mine ~= theirs then return mine < theirs and "before" or "after" end
  end
  return #path < #after and "ancestor" or "before"
end

-- Whether `after` is this block's own call `phase` (-1 body, 0 setup,
-- 1 teardown): the call that ended the process.
local function crashed_in(self, block, phase)
  local after = self.after
  if not after or #after ~= #block.path + 1 or relation(self, block.path) ~= "ancestor" then return false end
  local last = after[#after]
  if phase == 1 then return last == #block.children + 1 end
  return last == phase
end

-- What a block's own call is to the host.
local function block_call(self, block, phase)
  local index = phase == 1 and #block.children + 1 or phase
  local name, location = block.fullname, block.location
  if block == self.root then name, location = self.file, self.file end
  return { name = name, location = location, resume = child_path(block.path, index) }
end

-- Runs a block's hooks of one kind, innermost last for setups, each
-- failure an entry. Returns whether all passed.
local function run_block_hooks(self, block, kind, phase)
  local hooks = block.hooks[kind]
  if #hooks == 0 or self.list then return true end
  local call = block_call(self, block, phase)
  local passed = true
  local scope, target = enter_scope(self, block, target_of(block))
  for _, fn in ipairs(hooks) do
    local ok, captured = protect(self, call, fn)
    if not ok and getmetatable(captured) ~= Pending then
      passed = false
      report_block(self, block, failure_of(captured))
    end
  end
  enter_scope(self, scope, target)
  return passed
end

-- A block the run started again inside has its setup put off until a test
-- is left to run in it; runs those put off, outermost first.
local function catch_up_setups(self, block)
  if not block then return true end
  if not catch_up_setups(self, block.parent) then return false end
  if block.deferred then
    block.deferred = false
    block.set_up = true
    if not run_block_hooks(self, block, "setup", 0) then block.setup_failed = true end
  end
  return not block.setup_failed
end

-- lazy_setup runs once per block, outermost first, before the first test
-- that runs in it; a failure skips every test under that block.
local function lazy_setup(self, block)
  if not block then return true end
  if not lazy_setup(self, block.parent) then return false end
  if block.lazy == nil then
    block.lazy = run_block_hooks(self, block, "lazy_setup", 0)
  end
  return block.lazy
end

-- Runs one function of a test (body or finally) and folds its outcome into
-- the record as busted does: a failure or error stays, pending only takes
-- the place of a pass. Every error counts, and so does the first failed
-- assertion when the test ends failed: `problems` keeps them in order.
local function run_in_test(self, record, problems, fn)
  local ok, captured = protect(self, self.running.call, fn)
  if ok then return end
  local status = record.status
  if getmetatable(captured) == Pending then
    if status == "passed" then
      record.status = "skipped"
      record.reason = captured.reason
    end
    return
  end
  problems[#problems + 1] = captured
  if status == "passed" or status == "skipped" then
    record.status, record.reason = "failed", nil
    record.assertion = captured.assertion
  end
end

-- The entries a failed test counts as: errors each, and its first failed
-- assertion when that is what it ended with.
local function counted_problems(record, problems)
  local counted, assertion_counted = {}, not record.assertion
  for _, captured in ipairs(problems) do
    if not captured.assertion then
      counted[#counted + 1] = captured
    elseif not assertion_counted then
      assertion_counted = true
      counted[#counted + 1] = captured
    end
  end
  return counted
end

-- Runs each_hooks of a test, each failure an entry of its own; returns
-- whether all passed.
local function run_each_hooks(self, test, block, hooks, failures)
  local passed = true
  set_scope(self, block, target_of(block))
  for _, fn in ipairs(hooks) do
    local ok, captured = protect(self, self.running.call, fn)
    if not ok and getmetatable(captured) ~= Pending then
      passed = false
      failures[#failures + 1] = { name = test.fullname, location = test.location,
                                  status = "failed", failure = failure_of(captured) }
    end
  end
  return passed
end

-- Runs the host's each_hooks of a test, as run_each_hooks does but under a
-- plain pcall: they are the host's own functions, with no test code to
-- limit in time nor frames to show.
local function run_host_hooks(test, hooks, failures, record)
  local passed = true
  for _, fn in ipairs(hooks) do
    local ok, err = pcall(fn, record)
    if not ok then
      passed = false
      failures[#failures + 1] = { name = test.fullname, location = test.location,
                                  status = "failed", failure = failure_of(describe_error(err, {})) }
    end
  end
  return passed
end

-- The blocks from the outermost to `block`, made once per block: its tests
-- only read it.
local function chain_of(block)
  local chain = block.chain
  if chain then return chain end
  chain = {}
  local outer = block
  while outer do tinsert(chain, 1, outer); outer = outer.parent end
  block.chain = chain
  return chain
end

local function run_test(self, test, path)
  local record = { name = test.fullname, location = test.location, status = "skipped" }
  if self.list then
    record.status = "listed"
    return report(self, record)
  end
  if test.pending then return report(self, record) end
  test.env = node_env(test.parent)
  if not catch_up_setups(self, test.parent) then return end
  if not lazy_setup(self, test.parent) then return end

  record.status = "passed"
  local failures = {}
  self.running = { record = record, call = { name = record.name, location = record.location, resume = path } }
  local snapshot = self.state and test_snapshot(self)

  -- before_each outside-in; a level that fails stops there, and only the
  -- levels entered get their after_each, inside-out.
  local chain = chain_of(test.parent)
  local scope, target = self.scope, self.target
  local host_ok = run_host_hooks(test, self.host.before_each, failures, record)
  local entered, ran = 0, false
  if host_ok then
    ran = true
    for i, block in ipairs(chain) do
      entered = i
      local hooks = block.hooks.before_each
      if hooks[1] and not run_each_hooks(self, test, block, hooks, failures) then ran = false; break end
    end
  end
  local problems = {}
  if ran then
    started(self, record)
    set_scope(self, test, test.env)
    run_in_test(self, record, problems, test.fn)
    local finally = self.running.finally
    if finally then
      self.running.finally = nil
      run_in_test(self, record, problems, finally)
    end
    local counted = counted_problems(record, problems)
    record.assertion = nil
    if counted[1] then record.failure = failure_of(counted[1]) end
    for i = 2, #counted do
      tinsert(failures, i - 1, { name = test.fullname, location = test.location,
                                 status = "failed", failure = failure_of(counted[i]) })
    end
  end
  for i = entered, 1, -1 do
    local hooks = chain[i].hooks.after_each
    if hooks[1] then run_each_hooks(self, test, chain[i], hooks, failures) end
  end
  run_host_hooks(test, self.host.after_each, failures, record)
  enter_scope(self, scope, target)
  test.env = nil

  if snapshot then end_test_snapshot(self, snapshot) end
  self.running = nil
  -- A test whose before_each failed is not counted, unless the host found
  -- it failed (errors its scripts raised).
  if ran or record.failure then finished(self, record) end
  for _, failure in ipairs(failures) do report(self, failure) end
end

-- busted's --shuffle: the children in a random order from the seed.
local function shuffle(list, seed)
  math_randomseed(seed)
  for n = #list, 2, -1 do
    local k = math_random(n)
    list[n], list[k] = list[k], list[n]
  end
end

local function blocked(self, block)
  if self.stopped then return true end
  while block do
    if block.setup_failed then return true end
    block = block.parent
  end
  return false
end

local run_block

local function run_children(self, block)
  for index, child in ipairs(block.children) do
    if blocked(self, block) then return end
    if not child.hook then
      local path = child_path(block.path, index)
      local where = relation(self, path)
      if child.test then
        if where == "after" then run_test(self, child, path) end
      elseif where ~= "before" then
        child.path = path
        run_block(self, child, where == "ancestor")
      end
    end
  end
end

-- Runs a block: its body, its setups, its children, its teardowns. A block
-- the run starts again inside (`resuming`) puts its setups off until a test
-- is left to run in it.
function run_block(self, block, resuming)
  if block.error then return report_block(self, block, block.error) end
  if resuming and (crashed_in(self, block, -1) or crashed_in(self, block, 0)) then return end
  local saved = block.envmode == "insulate" and save_globals()
  drop_kept_snapshot(self)
  local revert = self.state and state_snapshot(self.state)
  local outer = self.declaring
  self.declaring = block
  local scope, target = enter_scope(self, block, target_of(block))
  local ok, captured = true, nil
  if block.fn then ok, captured = protect(self, block_call(self, block, -1), block.fn) end
  enter_scope(self, scope, target)
  self.declaring = outer
  if not ok then
    if getmetatable(captured) ~= Pending then report_block(self, block, failure_of(captured)) end
  else
    if block.randomize ~= false and (block.randomize or self.seed) then
      shuffle(block.children, block.seed or self.default_seed)
    end
    if resuming then
      block.deferred = true
    else
      block.set_up = true
      if not run_block_hooks(self, block, "setup", 0) then block.setup_failed = true end
    end
    run_children(self, block)
    drop_kept_snapshot(self)
    if block.set_up and not (resuming and crashed_in(self, block, 1)) then
      if block.lazy ~= nil then run_block_hooks(self, block, "lazy_teardown", 1) end
      run_block_hooks(self, block, "teardown", 1)
    end
  end
  if revert then revert() end
  if saved then restore_globals(saved) end
end

--- Runs the file: the outermost block. reporter.test_started(test) and
--- reporter.test_finished(test) are called, when present, around each
--- entry. Returns { passed, failed, skipped, listed, tests }.
function Suite:run(reporter)
  self.reporter = reporter or {}
  self.result = { passed = 0, failed = 0, skipped = 0, listed = 0, tests = {} }
  run_block(self, self.root, self.after ~= nil)
  local bad = self.bad_pattern
  if bad then
    report(self, { name = self.file, location = self.file, status = "failed",
                   failure = { message = strformat("bad filter pattern '%s': %s", bad.pattern, bad.message) } })
  end
  return self.result
end

return runner
