-- --no-keep-going (busted's spelling; --fail-fast is ours): the run stops at its first
-- failure, and no later test or file runs.
describe("first file", function()
  it("passes", function() end)
  it("fails", function() assert.equal(1, 2) end)
  it("does not run", function() end)
end)
