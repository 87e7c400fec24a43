-- --tags a,b (comma separated, repeatable): a test runs when its full name carries one of the
-- #tags; --exclude-tags wins, and an excluded block runs none of its tests.
describe("store #db", function()
  it("saves", function() end)
  it("loads #flaky", function() error("excluded") end)
end)

describe("math", function()
  it("adds #fast", function() end)
  it("divides #unit", function() assert.equal(1, 2) end)
  it("multiplies", function() error("not tagged") end)
end)

describe("network #flaky", function()
  it("pings #fast", function() error("excluded with its block") end)
end)
