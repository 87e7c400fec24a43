-- screentest.snapshot: assert.snapshot(content, name) compares a rendered screen with the
-- file __snapshots__/<name>.txt (or .svg for SVG) beside the test file. A missing file is
-- written, unless the run is in CI, where it fails; `screens test --update-snapshots`
-- rewrites files that differ.

local snapshot = {}

local error, type, tostring = error, type, tostring
local open = io.open
local find, format, match, sub = string.find, string.format, string.match, string.sub

-- Splits text into lines, keeping the last line even without a newline.
local function lines(text)
  local result = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do result[#result + 1] = line end
  return result
end

-- Where two texts first differ, as a message a person can act on.
local function difference(path, expected, actual)
  local want, got = lines(expected), lines(actual)
  for i = 1, math.max(#want, #got) do
    if want[i] ~= got[i] then
      return format("Snapshot %s differs at line %d.\nExpected:\n%s\nActual:\n%s\n" ..
        "(run `screens test --update-snapshots` to accept the new screen)",
        path, i, want[i] or "(end of file)", got[i] or "(end of file)")
    end
  end
  return format("Snapshot %s differs.", path)
end

--- Registers assert.snapshot for the test file at `file`.
--- options: { update = bool, ci = bool, write = function(path, content) }
function snapshot.install(assert, file, options)
  local folder = match(file, "^(.*)/[^/]*$") or "."
  assert:register("assertion", "snapshot", function(_, args, level)
    -- luassert's level counts from its own call: this function is one more.
    level = level + 1
    local content, name = args[1], args[2]
    if type(content) ~= "string" then
      error(format("bad argument #1 to 'snapshot' (string expected, got %s)", type(content)), level)
    end
    if type(name) ~= "string" or find(name, "[/\\]") or name == "" then
      error(format("bad argument #2 to 'snapshot' (a file name expected, got %s)", tostring(name)), level)
    end
    local extension = find(sub(content, 1, 64), "<svg", 1, true) and ".svg" or ".txt"
    local path = folder .. "/__snapshots__/" .. name .. extension
    local handle = open(path, "rb")
    local expected = handle and handle:read("a")
    if handle then handle:close() end
    if expected == content then return true end
    if expected == nil and options.ci then
      error(format("Snapshot %s is missing; it is written when the tests run outside CI.", path), level)
    end
    if expected == nil or options.update then
      options.write(path, content)
      return true
    end
    error(difference(path, expected, content), level)
  end, "Expected the screen to match its snapshot", "Expected the screen to differ from its snapshot")
end

return snapshot
