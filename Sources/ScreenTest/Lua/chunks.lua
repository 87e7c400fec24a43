-- chunks (chunk `=screentest.chunks`): the Lua half of the cache of compiled chunks that
-- every test file's fresh state loads (the runner's modules, luassert and what it
-- requires).

local chunks = {}

-- Compiles luassert and say, and keeps them, where `package.path` finds them by an
-- absolute path: requires them through `searcher` (see `helpers`), in a state of their own.
function chunks.warmUp(searcher)
  local absolute = {}
  for entry in package.path:gmatch("[^;]+") do
    if entry:sub(1, 1) == "/" then absolute[#absolute + 1] = entry end
  end
  package.path = table.concat(absolute, ";")
  table.insert(package.searchers, 2, searcher)
  for _, name in ipairs({ "luassert", "luassert.state", "luassert.spy", "luassert.stub", "luassert.mock",
                          "luassert.match", "say" }) do
    pcall(require, name)
  end
end

-- The functions of the cache: `keep(name, chunk, path, stamp)`, and `searcher(name)` for
-- `package.searchers`, which finds the modules of luassert, say and term on `package.path`
-- as Lua's own searcher does and loads them through the cache. It takes the host's
-- `kept(name)` (the chunk kept under `name`, loaded), `keep(name, code, path, stamp)` and
-- `stamp(path)` (a file's stamp, taken before it is read).
function chunks.helpers(kept, keep, stamp)
  local loadfile, dump, searchpath, match, type, error = loadfile, string.dump, package.searchpath, string.match, type, error
  local package = package
  local helpers = {}
  -- `path` and its `stamp` (taken before it was read) when the chunk is a file's.
  function helpers.keep(name, chunk, path, stamp)
    keep(name, dump(chunk), path, stamp)
  end
  -- luassert and what it requires: say, and term (whether the output is a terminal).
  local cachedRoots = { luassert = true, say = true, term = true }
  local function cached(name)
    return cachedRoots[match(name, "^[^.]*")] == true
  end
  -- What requiring a module of theirs that is not installed gives (luassert asks for
  -- term with pcall): the error, at once. Passed on, the name would reach the
  -- registry's searcher, which reads the plugin folders for a name it does not know.
  local function absent(name)
    return function() error("module '" .. name .. "' not found", 2) end
  end
  function helpers.searcher(name)
    if type(name) ~= "string" or not cached(name) or type(package.path) ~= "string" then return nil end
    local path = searchpath(name, package.path)
    if not path then
      local cpath = package.cpath
      if type(cpath) == "string" and searchpath(name, cpath) then return nil end
      return absent(name), ":absent"
    end
    local chunk = kept("@" .. path)
    if not chunk then
      local stamped = stamp(path)
      chunk = loadfile(path, "t")
      if not chunk then return nil end
      helpers.keep("@" .. path, chunk, path, stamped)
    end
    return chunk, path
  end
  return helpers
end

return chunks
