-- --filter-out (repeatable): a test whose full name matches any pattern does not run, and a
-- block whose name matches runs none of its tests.
describe("db", function()
  it("connects", function() assert.truthy(false) end)
end)

describe("math", function()
  it("adds", function() assert.equal(2, 1 + 1) end)
  it("multiplies slowly", function() assert.equal(3, 1 * 1) end)
end)

it("slow at the top", function() error("should not run") end)
it("fast at the top", function() end)
