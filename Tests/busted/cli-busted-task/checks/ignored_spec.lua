it("is not a _check file", function() error("not matched by the task's pattern") end)
