it("a test of the second file", function() end)
