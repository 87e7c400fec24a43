describe("file a", function()
  for i = 1, 5 do it("test " .. i, function() end) end
  it("fails", function() assert.equal("a", "x") end)
end)
