-- A "standalone" spec, runnable as `lua spec/standalone_spec.lua`: under a runner, the
-- runner's call does nothing.
require 'busted.runner'()

describe("a standalone spec", function()
  it("runs under the runner", function() assert.are.equal(4, 2 * 2) end)
  it("counts as usual", function() assert.is_truthy("yes") end)
end)
