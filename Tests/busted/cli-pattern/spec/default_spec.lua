it("a _spec file does not match the patterns given", function() error("not matched") end)
