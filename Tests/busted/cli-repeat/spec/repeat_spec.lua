-- --repeat N runs the whole suite N times, each time in a fresh state.
local runs = 0
describe("repeated", function()
  it("passes each time", function() runs = runs + 1; assert.equal(1, runs) end)
  it("fails each time", function() assert.is_true(false) end)
  pending("is pending each time")
end)
