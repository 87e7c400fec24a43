-- randomize(seed) shuffles a block's tests and blocks as busted does: the same seed gives
-- busted's order (hooks are among the children a shuffle moves).
local order = {}

describe("shuffled", function()
  randomize(7)
  before_each(function() end)
  for i = 1, 5 do
    it("t" .. i, function() order[#order + 1] = "t" .. i end)
  end
  describe("inner, not shuffled itself", function()
    it("a", function() order[#order + 1] = "a" end)
    it("b", function() order[#order + 1] = "b" end)
  end)
end)

it("ran in busted's order", function()
  assert.equal("a b t3 t4 t5 t1 t2", table.concat(order, " "))
end)
