-- The hello app's module, found through the app's folder.
local greeting = require("greeting")

describe("greeting", function()
  it("greets by name", function()
    assert.are.equal("Hello from Lua!", greeting.text("Lua"))
  end)

  it("says what was wrong with a missing name", function()
    assert.has_error(function() greeting.text(nil) end,
      "bad argument #1 to 'text' (string expected, got nil)")
  end)
end)
