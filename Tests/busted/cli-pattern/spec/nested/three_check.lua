it("a file in a subfolder runs", function() end)
