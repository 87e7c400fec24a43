it("an excluded file does not run", function() error("excluded") end)
