it("does not run either", function() end)
