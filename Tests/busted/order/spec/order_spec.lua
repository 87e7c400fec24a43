-- A describe body runs when the run reaches it: after the tests before it have run, and
-- after the file's own code. Each test checks what ran before it.
local log = {}
local function seen() return table.concat(log, " ") end

describe("first", function()
  log[#log + 1] = "first-body"
  it("runs after its own body only", function()
    assert.equal("file-end first-body", seen())
    log[#log + 1] = "first-test"
  end)
end)

describe("second", function()
  log[#log + 1] = "second-body"
  it("sees the first block's test before its body", function()
    assert.equal("file-end first-body first-test second-body", seen())
  end)

  describe("nested", function()
    log[#log + 1] = "nested-body"
    it("runs after the tests declared before its block", function()
      assert.equal("file-end first-body first-test second-body nested-body", seen())
    end)
  end)

  it("runs after the nested block, declared before it", function()
    log[#log + 1] = "second-after"
    assert.equal("file-end first-body first-test second-body nested-body second-after", seen())
  end)
end)

it("at the top level runs after the blocks declared before it", function()
  assert.truthy(seen():find("second-after", 1, true))
end)

-- This order would fail under a runner that runs every body first.
it("fails on purpose, to count a failure", function()
  assert.equal("everything", seen())
end)

log[#log + 1] = "file-end"
