-- Not a suite without a pattern that asks for it: its failure is never counted.
it("a _test.lua file does not run", function() assert.is_true(false) end)
