it("a file ending in _spec.lua runs", function() end)
