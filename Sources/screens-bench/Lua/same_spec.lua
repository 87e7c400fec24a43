-- 200,000 assert.are.same on small tables: luassert's cost under screens test and busted.
describe("assertions", function()
  it("compares tables", function()
    local expected = { 1, 2, { a = "x", b = { true } } }
    for i = 1, 200000 do
      assert.are.same(expected, { 1, 2, { a = "x", b = { true } } })
    end
  end)
end)
