-- screentest.snapshot: assert.snapshot(content, name) compares a rendered screen (text, or
-- SVG) with the file __snapshots__/<name>.txt (or .svg) beside the test file.
--
-- A missing file is written, unless the run is in CI, where that fails; a file that
-- differs fails with a line diff and the command that accepts the new screen;
-- `screens test FILE --update-snapshots` rewrites it. Every file asked for is told to the
-- host (`options.record`), which reports what was written and which files no test asked
-- for.
--
-- The assertion registers through the assert module's own registration, so it works the
-- same under luassert and under the runner's own module. luassert's assert object already
-- has a `snapshot` method (`assert:snapshot()`, a snapshot of its state): that call keeps
-- working, and `assert.snapshot(content, name)` is the assertion.

local snapshot = {}

local ipairs, pcall, rawequal, rawget, rawset, require, select, type =
      ipairs, pcall, rawequal, rawget, rawset, require, select, type
local open = io.open
local byte, find, format, gsub, match, sub = string.byte, string.find, string.format,
      string.gsub, string.match, string.sub
local concat = table.concat
local utf8len = utf8.len

--- At most this many lines of a diff are shown.
snapshot.diff_limit = 40
--- Lines of context around each change.
local context = 3
--- Longer names are refused: with the folder and the extension they would pass what file
--- systems allow for a name (255 bytes).
local longest_name = 200

-- Lines

local function lines(text)
  local result = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do result[#result + 1] = line end
  -- A final newline ends the last line; it does not start an empty one.
  if #result > 1 and result[#result] == "" and sub(text, -1) == "\n" then result[#result] = nil end
  return result
end

-- The edit from `a` to `b` as a list of { op = " " | "-" | "+", text, a = line in a, b =
-- line in b }: the common start and end as they are, the middle by longest common
-- subsequence when it is small enough, else as all removed then all added.
local function edit(a, b)
  local first, na, nb = 1, #a, #b
  while first <= na and first <= nb and a[first] == b[first] do first = first + 1 end
  local ea, eb = na, nb
  while ea >= first and eb >= first and a[ea] == b[eb] do ea, eb = ea - 1, eb - 1 end
  local ops = {}
  for i = 1, first - 1 do ops[#ops + 1] = { op = " ", text = a[i], a = i, b = i } end
  local m, n = ea - first + 1, eb - first + 1
  if m > 0 and n > 0 and m * n <= 1000000 then
    -- lengths[i][j]: the longest common subsequence of a[first+i-1..ea] and b[first+j-1..eb].
    local lengths = {}
    for i = m + 1, 1, -1 do
      local row, below = {}, lengths[i + 1]
      for j = n + 1, 1, -1 do
        if i > m or j > n then
          row[j] = 0
        elseif a[first + i - 1] == b[first + j - 1] then
          row[j] = below[j + 1] + 1
        else
          local down, right = below[j], row[j + 1]
          row[j] = down >= right and down or right
        end
      end
      lengths[i] = row
    end
    local i, j = 1, 1
    while i <= m or j <= n do
      local ai, bj = first + i - 1, first + j - 1
      if i <= m and j <= n and a[ai] == b[bj] then
        ops[#ops + 1] = { op = " ", text = a[ai], a = ai, b = bj }
        i, j = i + 1, j + 1
      elseif j > n or (i <= m and lengths[i + 1][j] >= lengths[i][j + 1]) then
        ops[#ops + 1] = { op = "-", text = a[ai], a = ai, b = bj }
        i = i + 1
      else
        ops[#ops + 1] = { op = "+", text = b[bj], a = ai, b = bj }
        j = j + 1
      end
    end
  else
    for i = first, ea do ops[#ops + 1] = { op = "-", text = a[i], a = i, b = first } end
    for j = first, eb do ops[#ops + 1] = { op = "+", text = b[j], a = first, b = j } end
  end
  for i = ea + 1, na do ops[#ops + 1] = { op = " ", text = a[i], a = i, b = i - ea + eb } end
  return ops
end

--- A unified diff of two texts (`-` expected, `+` actual): hunks with a few lines of
--- context, cut after `limit` lines.
function snapshot.diff(expected, actual, limit)
  limit = limit or snapshot.diff_limit
  local ops = edit(lines(expected), lines(actual))
  local out, shown, hidden = {}, 0, 0
  local i = 1
  while i <= #ops do
    if ops[i].op == " " then
      i = i + 1
    else
      -- A hunk: from `context` lines before this change to `context` lines after the last
      -- change that is at most 2 * context lines from the one before.
      local start = i - context
      if start < 1 then start = 1 end
      local finish, j = i, i
      while j <= #ops do
        if ops[j].op ~= " " then
          finish = j
        elseif j - finish > 2 * context then
          break
        end
        j = j + 1
      end
      local stop = finish + context
      if stop > #ops then stop = #ops end
      local from_a, from_b, count_a, count_b = ops[start].a, ops[start].b, 0, 0
      for k = start, stop do
        if ops[k].op ~= "+" then count_a = count_a + 1 end
        if ops[k].op ~= "-" then count_b = count_b + 1 end
      end
      local body = { format("@@ -%d,%d +%d,%d @@", from_a, count_a, from_b, count_b) }
      for k = start, stop do body[#body + 1] = ops[k].op .. ops[k].text end
      for _, line in ipairs(body) do
        if shown < limit then
          out[#out + 1] = line
          shown = shown + 1
        else
          hidden = hidden + 1
        end
      end
      i = stop + 1
    end
  end
  if #out == 0 then out[1] = "(the lines are the same: only the newline at the end differs)" end
  if hidden > 0 then
    out[#out + 1] = format("... (%d more diff line%s)", hidden, hidden == 1 and "" or "s")
  end
  return concat(out, "\n")
end

-- Names

-- A name as a message shows it: bytes a terminal would not show plainly are escaped, and a
-- long one is cut.
local function shown_name(name)
  local text = gsub(name, "[%z\1-\31\127\\\"]", function(c)
    if c == "\\" or c == '"' then return "\\" .. c end
    return format("\\%d", byte(c))
  end)
  if utf8len(text) == nil then
    text = gsub(text, "[\128-\255]", function(c) return format("\\x%02X", byte(c)) end)
  end
  if #text > 80 then text = sub(text, 1, 60) .. "..." end
  return '"' .. text .. '"'
end

--- Why `name` cannot name a snapshot file, or nil when it can.
function snapshot.name_problem(name)
  if name == "" then return "it is empty" end
  if name == "." or name == ".." then return "it names a folder" end
  if find(name, "/", 1, true) then return 'it contains "/"' end
  if find(name, "\\", 1, true) then return 'it contains "\\"' end
  if find(name, "%z") then return "it contains a NUL byte" end
  if find(name, "[\1-\31\127]") then return "it contains a control character" end
  if utf8len(name) == nil then return "it is not valid UTF-8" end
  if #name > longest_name then
    return format("it is %d bytes long, more than %d", #name, longest_name)
  end
  return nil
end

-- Command lines

-- A path as a shell reads it back.
local function quoted(path)
  if match(path, "^[%w%._/%-+=:,@]+$") then return path end
  return "'" .. gsub(path, "'", "'\\''") .. "'"
end

-- The assertion

-- Makes the assertion fail with `text` as its whole message, whatever modifiers it had
-- (`is_not` included: a bad argument is not a screen that differs).
local function failing(state, args, text)
  state.mod = true
  args[1], args.n, args.nofmt = text, 1, { true }
  return false
end

--- Registers assert.snapshot for the test file at `file`.
--- options: { update = bool, ci = bool, write = function(path, content),
---            record = function(path, change) (change: "written", "updated" or nil) }
function snapshot.install(assert, file, options)
  -- The file's folder with its slash ("tests/"), or nothing for a file in the current one.
  local folder = match(file, "^(.*/)[^/]*$") or ""
  local record = options.record or function() end
  local accept = format("screens test %s --update-snapshots", quoted(file))
  -- The screen each snapshot got in this file: two tests giving one name two screens
  -- would take turns failing, --update-snapshots or not.
  local taken = {}

  local function check(state, args)
    local content, name = args[1], args[2]
    if type(content) ~= "string" then
      return failing(state, args, format(
        "bad argument #1 to 'snapshot' (string expected, got %s)", type(content)))
    end
    if type(name) ~= "string" then
      return failing(state, args, format(
        "bad argument #2 to 'snapshot' (string expected, got %s)", type(name)))
    end
    local problem = snapshot.name_problem(name)
    if problem then
      return failing(state, args, format(
        "snapshot name %s cannot be a file name: %s", shown_name(name), problem))
    end
    local extension = find(sub(content, 1, 256), "<svg", 1, true) and ".svg" or ".txt"
    local path = folder .. "__snapshots__/" .. name .. extension
    local earlier = taken[path]
    if earlier ~= nil and earlier ~= content then
      return failing(state, args, format(
        "snapshot %s was already taken by another screen in this file; give each snapshot a name of its own", path))
    end
    taken[path] = content
    local handle = open(path, "rb")
    local expected = handle and handle:read("a")
    if handle then handle:close() end
    args[1], args.n, args.nofmt = path, 1, { true }
    if expected == content then
      record(path)
      return true
    end
    if expected == nil then
      if options.ci and not options.update then
        record(path)
        return failing(state, args, format(
          "Snapshot %s is missing; run the tests outside CI (or without CI=true) to write it", path))
      end
      options.write(path, content)
      record(path, "written")
      return true
    end
    if options.update then
      options.write(path, content)
      record(path, "updated")
      return true
    end
    record(path)
    return failing(state, args, format(
      "Snapshot %s differs from the screen (- snapshot, + screen):\n%s\nTo accept the new screen: %s",
      path, snapshot.diff(expected, content), accept))
  end

  -- luassert reads messages through `say`; the runner's own module takes them as they are.
  local positive, negative = "%s", "Expected the screen to differ from its snapshot %s"
  local luassert_state = rawget(assert, "snapshot")
  if type(luassert_state) == "function" then
    local ok, say = pcall(require, "say")
    if ok and type(say) == "table" then
      positive, negative = "assertion.screen_snapshot.positive", "assertion.screen_snapshot.negative"
      say:set(positive, "%s")
      say:set(negative, "Expected the screen to differ from its snapshot %s")
    end
  end
  assert:register("assertion", "snapshot", check, positive, negative)

  if type(luassert_state) == "function" then
    -- `assert:snapshot()` is luassert's state snapshot; `assert.snapshot(content, name)`
    -- the assertion (a tail call, so that its failure points at the test's line).
    rawset(assert, "snapshot", function(first, ...)
      if rawequal(first, assert) and select("#", ...) == 0 then return luassert_state(first) end
      return assert.is.snapshot(first, ...)
    end)
  end
end

return snapshot
