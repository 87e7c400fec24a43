-- insulate puts the globals and package.loaded back after its block; expose keeps what
-- its block set for the blocks after it.
package.preload["counter"] = function() return { count = 0 } end

-- What test code sets as a global belongs to where it runs: a describe body's or a setup's
-- to its block, a test's to that test.
describe("globals", function()
  block_global = "the block's"
  it("sets one in a test", function()
    test_global = "the test's"
    assert.equal("the test's", test_global)
  end)
  it("does not see the other test's", function() assert.is_nil(test_global) end)
  it("sees the block's", function() assert.equal("the block's", block_global) end)
end)

it("does not see a block's global after it", function() assert.is_nil(block_global) end)

insulate("an insulated block", function()
  setup(function()
    _G.leaked_global = "set inside"
    require("counter").count = 1
  end)
  it("sees what its setup put in _G and package.loaded", function()
    assert.equal("set inside", leaked_global)
    assert.equal(1, require("counter").count)
  end)
end)

describe("after the insulated block", function()
  it("sees the global gone", function() assert.is_nil(leaked_global) end)
  it("gets the module loaded afresh", function() assert.equal(0, require("counter").count) end)
end)

expose("an exposed block", function()
  exposed_global = "kept"
  it("sets a global in a test, which stays the test's", function() exposed_in_test = true end)
end)

describe("after the exposed block", function()
  it("still sees its global", function() assert.equal("kept", exposed_global) end)
  it("not the one its test set", function() assert.is_nil(exposed_in_test) end)
end)

insulate("an insulated block that changes a global function", function()
  it("replaces print", function() _G.print = function() end end)
end)

it("gets print back", function() assert.is_not.equal(nil, debug.getinfo(print).func) end)

describe("randomize", function()
  randomize(42)
  local seen = {}
  for i = 1, 6 do
    it("test " .. i, function() seen[#seen + 1] = i end)
  end
  teardown(function()
    -- Six tests in a shuffled order: still each once.
    table.sort(seen)
    assert.same({ 1, 2, 3, 4, 5, 6 }, seen)
  end)
end)

describe("randomize(false)", function()
  randomize(false)
  local order = {}
  it("a", function() order[#order + 1] = "a" end)
  it("b", function() order[#order + 1] = "b" end)
  it("keeps the declared order", function() assert.same({ "a", "b" }, order) end)
end)
