describe("a suite found as the required layout says", function()
  it("runs", function() assert.are.equal(3, 1 + 2) end)
end)
