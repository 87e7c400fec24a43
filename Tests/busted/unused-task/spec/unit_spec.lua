describe("unit", function()
  it("runs", function() assert.is_true(true) end)
  it("runs again", function() assert.is_false(false) end)
end)
