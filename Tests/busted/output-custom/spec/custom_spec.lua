describe("a custom output handler", function()
  it("runs the tests all the same", function() assert.are.equal(2, 1 + 1) end)
  it("counts a failure", function() assert.is_nil(1) end)
end)
