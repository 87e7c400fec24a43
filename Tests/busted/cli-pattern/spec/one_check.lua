it("one check runs", function() end)
