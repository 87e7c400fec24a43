local NAME = require("NAME")

describe("NAME", function()
  it("greets", function()
    assert.are.equal("Hello, you!", NAME.greet("you"))
  end)

  it("wants a string", function()
    assert.has_error(function() NAME.greet(42) end, "bad argument #1 to 'greet' (string expected, got number)")
  end)
end)
