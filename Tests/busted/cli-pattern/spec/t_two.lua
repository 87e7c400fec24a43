it("t_two runs", function() end)
