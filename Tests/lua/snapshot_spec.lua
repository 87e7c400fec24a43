-- assert.snapshot beside luassert's own assert:snapshot(), and the diff a mismatch shows.
-- (Writing, updating and removing snapshot files is pinned by the CLI tests, on copies.)

local snapshot = require("screentest.snapshot")

describe("assert.snapshot", function()
  it("leaves luassert's assert:snapshot() a snapshot of its state", function()
    local state = assert:snapshot()
    assert.is_function(state.revert)
    state:revert()
  end)

  it("refuses a name that cannot be a file name, whatever its modifiers", function()
    local ok, err = pcall(assert.is_not.snapshot, "screen", "a/b")
    assert.is_false(ok)
    local message = type(err) == "table" and err.message or err
    assert.matches('snapshot name "a/b" cannot be a file name: it contains "/"$', message)
  end)
end)

describe("snapshot.diff", function()
  it("shows the changed lines with three lines of context", function()
    local expected = "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
    local actual = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"
    assert.equal("@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8", snapshot.diff(expected, actual))
  end)

  it("keeps changes far apart in hunks of their own", function()
    local a, b = {}, {}
    for i = 1, 20 do a[i] = tostring(i); b[i] = tostring(i) end
    b[2], b[19] = "two", "nineteen"
    assert.equal(table.concat({
      "@@ -1,5 +1,5 @@", " 1", "-2", "+two", " 3", " 4", " 5",
      "@@ -16,5 +16,5 @@", " 16", " 17", " 18", "-19", "+nineteen", " 20",
    }, "\n"), snapshot.diff(table.concat(a, "\n"), table.concat(b, "\n")))
  end)

  it("shows lines added at the end and lines removed at the start", function()
    assert.equal("@@ -1,2 +1,2 @@\n-a\n b\n+c", snapshot.diff("a\nb\n", "b\nc\n"))
  end)

  it("cuts a long diff and says how much is left", function()
    local a, b = {}, {}
    for i = 1, 100 do a[i] = "old " .. i; b[i] = "new " .. i end
    local diff = snapshot.diff(table.concat(a, "\n"), table.concat(b, "\n"), 10)
    local lines = {}
    for line in diff:gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.equal(11, #lines)
    assert.equal("... (191 more diff lines)", lines[11])
  end)

  it("says when only the final newline differs", function()
    assert.equal("(the lines are the same: only the newline at the end differs)", snapshot.diff("a\n", "a"))
  end)
end)
