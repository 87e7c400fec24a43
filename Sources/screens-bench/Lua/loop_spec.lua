-- CPU-bound test code: under `screens test` as fast as its body under lua5.4 (loop.lua).
describe("a CPU-bound spec", function()
  it("sums", function()
    local s = 0
    for i = 1, 3e7 do s = s + i % 7 end
    assert.are.equal(89999997, s)
  end)
end)
