-- setup (chunk `=screentest`): what the runner does in a test file's state before the
-- file's code runs.

local setup = {}

-- The packages preload() loaded from files (luassert, say, term), the file each came from,
-- and every module of theirs it loaded.
local preloaded, preloaded_modules = {}, {}
-- package.path as preload() searched it, when every folder it tried up to the ones it found
-- the packages in was absolute: a file's start that only put folders before it then finds
-- another package only there. (A relative one finds another file after a change of folder.)
local preloaded_path

-- Whether a package preload() loaded is found elsewhere on `path` than where it was then
-- (the project's own, on --lpath or beside the file): a file whose state starts with that
-- path forgets the preloaded modules, which are all required again, as a fresh state would.
function setup.shadowed(path)
  local searched = path
  if preloaded_path and #path >= #preloaded_path and path:sub(-#preloaded_path) == preloaded_path then
    searched = path:sub(1, #path - #preloaded_path):gsub(";+$", "")
  end
  for name, found in pairs(preloaded) do
    local now = found
    if searched == path then
      now = package.searchpath(name, path)
    elseif searched ~= "" then
      now = package.searchpath(name, searched) or found
    end
    if now ~= found then return true end
  end
  return false
end

-- Whether each preloaded package is found in an absolute folder with only absolute ones
-- before it on `path` (see preloaded_path).
local function found_past_absolute_folders(path)
  for name, found in pairs(preloaded) do
    for template in path:gmatch("[^;]+") do
      if template:sub(1, 1) ~= "/" then return false end
      if package.searchpath(name, template) == found then break end
    end
  end
  return true
end

-- The global `arg` as busted sets it: the script arguments from 1, the runner at 0 and the
-- command that runs Lua scripts at -1.
local function set_arg(options)
  local arg = {}
  if type(options.arg) == "table" then
    for i, value in ipairs(options.arg) do arg[i] = value end
  end
  arg[0], arg[-1] = options.runner, options.interpreter
  _G.arg = arg
end

-- Starts a suite for a file, whose code gets its functions (`describe`, `it`, `assert`,
-- ...) in an environment of its own, and returns the steps the host drives. It takes the
-- options table `runner.new` reads (file, filters, filters_out, tags, exclude_tags, seed,
-- list, fail_fast, shard, after, call) with `arg`, `runner` and `interpreter` for the
-- global `arg` and `reload` (setup.shadowed's answer for the state's path, asked now when
-- nil), the host's hooks and the snapshot options.
function setup.start(options, hooks, snapshots)
  set_arg(options)
  local reload = options.reload
  if reload == nil then reload = setup.shadowed(package.path) end
  if reload then
    for _, loaded in ipairs(preloaded_modules) do package.loaded[loaded] = nil end
  end
  -- luassert and say come from the process's compiled chunks while the suite starts,
  -- asked first: the registry's searcher would read the plugin folders for a name it
  -- does not have. The file then finds the host's searchers.
  local searchers = package.searchers
  table.insert(searchers, 1, (require("screentest.chunks")))
  local suite = require("screentest.runner").new(options)
  table.remove(searchers, 1)
  suite:add_hooks(hooks)
  if suite.env.assert then
    require("screentest.snapshot").install(suite.env.assert, options.file, snapshots)
  end
  -- `test` is busted's alias of `it` and the host's module (test.advance, ...): the
  -- module, callable.
  local module = rawget(_G, "test")
  if type(module) == "table" and getmetatable(module) == nil then
    local declare = suite.env.test
    setmetatable(module, { __call = function(_, ...) return declare(...) end })
    suite.env.test = module
  end
  -- Ending the process would end the run without its report or its failures.
  if os then
    os.exit = function()
      error("os.exit is not available in test files: it would end the run before its report", 2)
    end
  end
  return {
    collect = function(chunk) suite:collect(chunk) end,
    fail_file = function(message) suite:fail_file(message) end,
    run = function(reporter) suite:run(reporter) end,
  }
end

-- Loads the runner's modules, luassert and say, which every suite starts with, in a state
-- no file ran in yet: the template a worker forks for each file. The collector is
-- generational, as lua5.4 runs busted: after a full collection everything here is old, and
-- a fork's young collections leave its pages alone (unwritten, so never copied).
function setup.preload()
  local searchers = package.searchers
  table.insert(searchers, 1, (require("screentest.chunks")))
  for _, name in ipairs({ "screentest.runner", "screentest.snapshot", "luassert", "luassert.state", "luassert.spy",
                          "luassert.stub", "luassert.mock", "luassert.match", "say" }) do
    pcall(require, name)
  end
  for _, name in ipairs({ "luassert", "say", "term" }) do
    preloaded[name] = package.loaded[name] ~= nil and package.searchpath(name, package.path) or nil
  end
  for name in pairs(package.loaded) do
    if preloaded[name:match("^[^.]*")] then preloaded_modules[#preloaded_modules + 1] = name end
  end
  preloaded_path = found_past_absolute_folders(package.path) and package.path or nil
  table.remove(searchers, 1)
  collectgarbage("generational")
  collectgarbage()
end

-- Runs the `--helper` that names a module, as busted runs it.
function setup.requireHelper(name)
  require(name)
end

return setup
