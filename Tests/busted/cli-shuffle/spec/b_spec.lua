describe("file b", function()
  for i = 1, 5 do it("test " .. i, function() end) end
  it("fails", function() assert.equal("b", "x") end)
end)
