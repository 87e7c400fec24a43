-- The library under test sees Lua's own assert, whose error is the message alone, and
-- error's, which has_error compares without its file:line.
local checks = require("checks")

describe("a library's checks", function()
  it("raise Lua's assert message", function()
    assert.has_error(function() checks.number("x") end, "expected a number")
  end)

  it("raise error's message", function()
    assert.has_error(function() checks.positive(-1) end, "expected a positive number")
  end)

  it("see Lua's assert, not luassert", function()
    assert.are.equal(_G.assert, checks.assert())
    assert.are_not.equal(assert, checks.assert())
    assert.are.equal(require("luassert"), assert)
  end)

  it("leave busted's names to the spec", function()
    assert.is_nil(rawget(_G, "describe"))
    assert.is_nil(rawget(_G, "it"))
    assert.is_function(describe)
  end)
end)
