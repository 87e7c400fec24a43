-- --filter (repeatable): a test runs when its full name matches any of the patterns.
describe("math", function()
  it("adds", function() assert.equal(2, 1 + 1) end)
  it("subtracts", function() assert.equal(0, 1 - 1) end)
  it("adds badly", function() assert.equal(3, 1 + 1) end)
end)

describe("strings", function()
  it("concatenate", function() assert.equal("ab", "a" .. "b") end)
  pending("reverse")
end)
