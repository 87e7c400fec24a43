-- _spec anywhere in a .lua file's name makes it a suite, as busted's default pattern.
it("a file with _spec inside its name runs", function() end)
